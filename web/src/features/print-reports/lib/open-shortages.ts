import { queryOptions } from '@tanstack/react-query';
import type { Shortage } from '#contract/reports.ts';
import { apiGet } from '#web/lib/api.ts';

/**
 * The progress report's open shortages (pending or in progress) from GET /api/shortages. The key
 * starts with the API path, so a `shortage.changed` live update refreshes it too.
 */
export const openShortagesQuery = queryOptions({
  queryKey: ['/api/shortages', 'open'] as const,
  queryFn: async ({ signal }) =>
    (await apiGet<Shortage[]>('/api/shortages', { signal })).filter((s) => s.status === 'pending' || s.status === 'in_progress'),
  staleTime: 60_000,
});
