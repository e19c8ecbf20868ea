import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DailyDigest, DailyDigestInput } from '#contract/account.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';

/** GET /api/user/daily-digest — the project admin's or manager's daily e-mail, and whether the server can send it. */
export const dailyDigestKey = ['/api/user/daily-digest'] as const;
export const useDailyDigest = () =>
  useQuery({ queryKey: dailyDigestKey, queryFn: ({ signal }) => apiGet<DailyDigest>('/api/user/daily-digest', { signal }) });

/** PUT /api/user/daily-digest — on or off, written in the screen's language. */
export function useSetDailyDigest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DailyDigestInput) => apiRequest<DailyDigest>('PUT', '/api/user/daily-digest', input),
    onSuccess: (answer) => qc.setQueryData(dailyDigestKey, answer),
  });
}
