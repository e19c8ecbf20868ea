import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput, ProfileInput } from '../../../../../contract/account.ts';
import type { Profile, User } from '../../../../../contract/auth.ts';
import type { ApiErrorBody } from '../../../../../contract/errors.ts';
import { ApiError, apiGet, apiRequest, parseRetryAfter } from '../../../lib/api.ts';
import { authUserKey, profileKey } from '../../../lib/queries/session.ts';
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

/**
 * PUT /api/user/profile-picture with the JPEG itself as the body, refused as apiRequest refuses
 * (an ApiError with the server's code), which only sends JSON.
 */
async function putPicture(picture: Blob): Promise<User> {
  const res = await fetch('/api/user/profile-picture', {
    method: 'PUT',
    credentials: 'include',
    headers: { 'content-type': 'image/jpeg' },
    body: picture,
  });
  if (res.ok) return (await res.json()) as User;
  const text = (await res.text()) || res.statusText;
  let parsed: ApiErrorBody | undefined;
  try {
    parsed = JSON.parse(text) as ApiErrorBody;
  } catch {
    parsed = undefined;
  }
  // The session is gone: asking who is signed in lets the shell see the 401, say so and go to /login.
  if (res.status === 401) void apiGet('/api/auth/user').catch(() => undefined);
  throw new ApiError(res.status, parsed, text, parseRetryAfter(res.headers.get('retry-after')));
}

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
