import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput, ProfileInput } from '#contract/account.ts';
import type { Profile, User } from '#contract/auth.ts';
import { apiRequest } from '#web/lib/api.ts';
import { authUserKey, profileKey } from '#web/lib/queries/session.ts';
import { sessionsKey } from './sessions.ts';

/**
 * The answer of every write here is the signed-in user: put it in both caches at once, so the
 * header's name and picture change with the page (the profile adds billing to the same user).
 */
function useStoreUser() {
  const qc = useQueryClient();
  return (user: User) => {
    qc.setQueryData<User | null>(authUserKey, user);
    qc.setQueryData<Profile>(profileKey, (old) => (old ? { ...old, ...user } : old));
  };
}

/** PUT /api/user/profile — name, email, phone and city; blanks become null. */
export function useUpdateProfile() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<User>('PUT', '/api/user/profile', input),
    onSuccess: storeUser,
  });
}

/** PUT /api/user/profile-picture with the JPEG itself as the body. */
const putPicture = (picture: Blob) => apiRequest<User>('PUT', '/api/user/profile-picture', picture);

export function useUploadPicture() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: putPicture, onSuccess: storeUser });
}

/** DELETE /api/user/profile-picture — the initial is shown again. */
export function useRemovePicture() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: () => apiRequest<User>('DELETE', '/api/user/profile-picture'),
    onSuccess: storeUser,
  });
}

/**
 * PUT /api/user/password — the server gives this browser a new session and ends every other one,
 * so the sessions list is fetched again.
 */
export function useChangePassword() {
  const qc = useQueryClient();
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => apiRequest<User>('PUT', '/api/user/password', input),
    onSuccess: (user) => {
      storeUser(user);
      void qc.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}
