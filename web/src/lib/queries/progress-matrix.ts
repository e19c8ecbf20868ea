import { queryOptions } from '@tanstack/react-query';
import type { ProgressMatrix } from '#contract/progress-matrix.ts';
import { apiGet } from '../api.ts';

/**
 * The unit × stage grid (GET /api/progress-matrix). The key starts with the API path, which is
 * what live updates invalidate (web/src/app/live-updates.ts).
 */

/** Live updates keep the grid current while connected; this is the fallback freshness. */
const PROGRESS_STALE_MS = 10 * 60_000;

export const progressMatrixBaseKey = ['/api/progress-matrix'] as const;

export interface ProgressMatrixFilters {
  floor?: number;
  prefix?: string;
}

/** The grid, optionally only one floor and only labels starting with `prefix` (filtered on the server). */
export const progressMatrixQuery = (filters: ProgressMatrixFilters = {}) => {
  const params = new URLSearchParams();
  if (filters.floor !== undefined) params.set('floor', String(filters.floor));
  const prefix = filters.prefix?.trim();
  if (prefix) params.set('prefix', prefix);
  const search = params.toString();
  return queryOptions({
    queryKey: [...progressMatrixBaseKey, { floor: filters.floor ?? null, prefix: prefix ?? '' }] as const,
    queryFn: ({ signal }) => apiGet<ProgressMatrix>(`/api/progress-matrix${search ? `?${search}` : ''}`, { signal }),
    staleTime: PROGRESS_STALE_MS,
  });
};
