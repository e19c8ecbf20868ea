import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOptions, ForgotPasswordInput, PasswordChangeInput, ResetPasswordInput } from '#contract/account.ts';
import type { User } from '#contract/auth.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { authUserKey } from '#web/lib/queries/session.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

// The ways back in (docs/product.md "Your own account"): all public but the forced change.

/** Which ways back in this server offers (e-mailed links only with SMTP configured). */
export const useAuthOptions = () =>
  useQuery({
    queryKey: ['/api/auth/options'],
    queryFn: ({ signal }) => apiGet<AuthOptions>('/api/auth/options', { signal, quiet401: true }),
    staleTime: 5 * 60_000,
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', input, { quiet401: true }),
  });

/** One key per submission: a double-click gets "password changed" twice, not "link invalid" the second time. */
export function useResetPassword() {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<{ message: string }>('POST', '/api/auth/reset-password', input, { quiet401: true, headers: submission.headers() }),
    onSuccess: () => submission.renew(),
  });
}

/**
 * Replaces the temporary password. The answer is the user without `mustChangePassword`, so the
 * signed-in frame lets them in at once; the queries refused meanwhile are fetched anew.
 */
export function useReplaceTemporaryPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => apiRequest<User>('PUT', '/api/user/password', input),
    onSuccess: (user) => {
      qc.setQueryData(authUserKey, user);
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== authUserKey[0] });
    },
  });
}
