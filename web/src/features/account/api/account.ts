import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardInput, CardUpdateResult, Profile } from '#contract/auth.ts';
import type { Invoice } from '#contract/billing.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';
import { authUserKey, profileKey } from '#web/lib/queries/session.ts';

/** GET /api/invoices — the signed-in project's invoices (project admins and managers). */
export const invoicesKey = ['/api/invoices'] as const;
export const useInvoices = () =>
  useQuery({
    queryKey: invoicesKey,
    queryFn: ({ signal }) => apiGet<{ invoices: Invoice[] }>('/api/invoices', { signal }).then((r) => r.invoices),
  });

/**
 * The profile and the signed-in user carry the project status and card; a new card also retries the
 * open invoice at once (docs/product.md "Billing and VAT"): refresh all three.
 */
function useRefreshAccount() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: profileKey }),
      qc.invalidateQueries({ queryKey: authUserKey }),
      qc.invalidateQueries({ queryKey: invoicesKey }),
    ]);
}

/** PUT /api/user/credit-card — the server tokenises the card and answers with the new profile. */
export function useUpdateCard() {
  const qc = useQueryClient();
  const refresh = useRefreshAccount();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: CardInput) =>
      apiRequest<CardUpdateResult>('PUT', '/api/user/credit-card', input, { headers: submission.headers() }),
    onSuccess: ({ payment: _payment, ...profile }) => {
      submission.renew();
      qc.setQueryData<Profile>(profileKey, profile);
      void refresh();
    },
  });
}

/** PUT /api/user/cancel-account — charges stop; the project stays active until `paidUntil`. */
export function useCancelAccount() {
  const refresh = useRefreshAccount();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; paidUntil: string }>('PUT', '/api/user/cancel-account', undefined, { headers: submission.headers() }),
    onSuccess: () => {
      submission.renew();
      void refresh();
    },
  });
}
