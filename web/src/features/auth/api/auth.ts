import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginInput, Profile, User, registerInput } from '../../../../../contract/auth.ts';
import { ApiError, apiGet, apiRequest } from '../../../lib/api.ts';
import { useSubmissionKey } from '../../../lib/submission-key.ts';

export const authUserKey = ['/api/auth/user'] as const;

/** The signed-in user, or null when the server says 401 (not signed in). */
export function useAuthUser() {
  return useQuery({
    queryKey: authUserKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<User>('/api/auth/user', { signal, quiet401: true });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'unauthorized') return null;
        throw err;
      }
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<User>('POST', '/api/login', input, { quiet401: true }),
    onSuccess: (user) => {
      qc.setQueryData(authUserKey, user);
      void qc.invalidateQueries({ queryKey: authUserKey });
    },
  });
}

export function useAdminLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<{ message: string; username: string }>('POST', '/api/admin/login', input, { quiet401: true }),
  });
}

/** What the registration form sends (before the server's coercions and defaults). */
export type RegisterRequest = z.input<typeof registerInput>;

/**
 * Registers a project. gcTime 0: the mutation cache keeps a mutation's variables (here the card
 * number and CVV) until it is collected, so it is dropped as soon as the form unmounts.
 */
export function useRegister() {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: RegisterRequest) =>
      apiRequest<{ message: string; user: User }>('POST', '/api/register', input, { headers: submission.headers() }),
    onSuccess: submission.renew,
    gcTime: 0,
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout').catch(() => undefined), // a logout error is ignored
    onSettled: () => {
      qc.clear();
      qc.setQueryData(authUserKey, null);
    },
  });
}

export const profileKey = ['/api/user/profile'] as const;
export function useProfile(enabled = true) {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => apiGet<Profile>('/api/user/profile', { signal }), enabled });
}
