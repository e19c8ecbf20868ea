import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { reportListSearch, reportPath, type Report, type ReportFilters, type ReportInput, type ReportKind } from '../lib/report-kind.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

/**
 * Every key starts with the API path, so a live update (`shortage.changed` invalidates
 * ['/api/shortages']) and a successful write both refetch every filtered list.
 */
export const reportListKey = (kind: ReportKind, filters: ReportFilters) =>
  [reportPath(kind), { search: filters.search.trim(), status: filters.status }] as const;

export function useReports(kind: ReportKind, filters: ReportFilters) {
  return useQuery({
    queryKey: reportListKey(kind, filters),
    queryFn: ({ signal }) => apiGet<Report[]>(`${reportPath(kind)}${reportListSearch(filters)}`, { signal }),
    // Typing in the search box keeps the previous rows on screen instead of a spinner.
    placeholderData: keepPreviousData,
    retry: false, // docs/product.md "Data freshness": these lists do not retry
  });
}

function useInvalidate(kind: ReportKind) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [reportPath(kind)] });
}

export function useCreateReport(kind: ReportKind) {
  const invalidate = useInvalidate(kind);
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: ReportInput) => apiRequest<Report>('POST', reportPath(kind), input, { headers: submission.headers() }),
    onSuccess: () => {
      submission.renew();
      return invalidate();
    },
  });
}

export function useUpdateReport(kind: ReportKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReportInput }) =>
      apiRequest<Report>('PUT', `${reportPath(kind)}/${encodeURIComponent(id)}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteReport(kind: ReportKind) {
  const invalidate = useInvalidate(kind);
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `${reportPath(kind)}/${encodeURIComponent(id)}`, undefined, {
        headers: submission.headers(id),
      }),
    onSuccess: (_data, id) => {
      submission.renew(id);
      return invalidate();
    },
  });
}
