import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TemporaryPassword } from '#contract/account.ts';
import type { AdminProject, AdminUser, CustomerBilling } from '#contract/billing.ts';
import type { CustomerFilters } from '#contract/admin-filters.ts';
import { DEFAULT_LOCALE, LOCALES } from '#contract/constants.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { adminProjectsKey } from '#web/lib/queries/admin-projects.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

/**
 * The platform admin's lists and actions (docs/product.md "Platform admin screens"). Every request
 * is quiet on 401: the admin frame, not the project frame, decides where a refused admin goes.
 */
const quiet = { quiet401: true } as const;

export const adminUsersKey = ['/api/admin/users'] as const;
/** Also the frame's "am I a platform admin" check. */
export const adminUsersQuery = queryOptions({
  queryKey: adminUsersKey,
  queryFn: () => apiGet<AdminUser[]>('/api/admin/users', quiet),
  staleTime: 60_000,
});
export const useAdminUsers = () => useQuery(adminUsersQuery);

export const customersBillingKey = ['/api/admin/customers-billing'] as const;
export const useCustomersBilling = () =>
  useQuery({ queryKey: customersBillingKey, queryFn: () => apiGet<CustomerBilling[]>('/api/admin/customers-billing', quiet) });

/** After an action on a project, both lists show it anew. */
function useRefreshLists() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: customersBillingKey }), qc.invalidateQueries({ queryKey: adminProjectsKey })]);
}

export function useReactivateAccount() {
  const refresh = useRefreshLists();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (projectId: string) =>
      apiRequest<AdminProject>('PUT', `/api/admin/reactivate-account/${projectId}`, undefined, {
        ...quiet,
        headers: submission.headers(projectId),
      }),
    onSuccess: (_data, projectId) => {
      submission.renew(projectId);
      return refresh();
    },
  });
}

export function useChangePrice() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ projectId, monthlyPrice }: { projectId: string; monthlyPrice: number }) =>
      apiRequest<AdminProject>('PUT', `/api/admin/projects/${projectId}/price`, { monthlyPrice }, quiet),
    onSuccess: refresh,
  });
}

export function useDeactivateProject() {
  const refresh = useRefreshLists();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: ({ projectId, reason }: { projectId: string; reason: string }) =>
      apiRequest<AdminProject>(
        'PUT',
        `/api/admin/projects/${projectId}/deactivate`,
        { reason },
        {
          ...quiet,
          headers: submission.headers(projectId),
        },
      ),
    onSuccess: (_data, { projectId }) => {
      submission.renew(projectId);
      return refresh();
    },
  });
}

/** Signs the platform admin out; a failure still forgets everything this page knew. */
export function useAdminLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout').catch(() => undefined),
    onSettled: () => qc.clear(),
  });
}

/** The export's address for the screen's filters; the browser downloads it with the session cookie. */
export function exportUrl(format: 'csv' | 'xlsx', filters: CustomerFilters, lang: string): string {
  const params = new URLSearchParams({
    format,
    q: filters.q.trim(),
    status: filters.status,
    billing: filters.billing,
    lang: LOCALES.find((l) => l === lang.slice(0, 2)) ?? DEFAULT_LOCALE,
  });
  return `/api/admin/customers-billing/export?${params.toString()}`;
}

/** Gives a project's owner a temporary password (docs/product.md "Your own account"); the server audit-logs it. */
export function useResetOwnerPassword() {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (projectId: string) =>
      apiRequest<TemporaryPassword>('POST', `/api/admin/projects/${encodeURIComponent(projectId)}/owner-temporary-password`, undefined, {
        ...quiet,
        headers: submission.headers(projectId),
      }),
    onSuccess: (_data, projectId) => submission.renew(projectId),
  });
}
