import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginInput, User, registerInput } from '#contract/auth.ts';
import type { Pricing } from '#contract/billing.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { authUserKey } from '#web/lib/queries/session.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

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
    onSuccess: () => submission.renew(),
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

/** The platform's current price, shown at registration (docs/product.md "The price belongs to the platform"). */
export const usePricing = () =>
  useQuery({ queryKey: ['/api/pricing'], queryFn: ({ signal }) => apiGet<Pricing>('/api/pricing', { signal }), staleTime: 60 * 60_000 });
