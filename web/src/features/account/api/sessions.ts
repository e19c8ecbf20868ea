import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionList } from '#contract/account.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

/** GET /api/user/sessions — where the signed-in user is signed in, this session first. */
export const sessionsKey = ['/api/user/sessions'] as const;
export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiGet<AccountSessionList>('/api/user/sessions', { signal }).then((r) => r.sessions),
  });

function useRefreshSessions() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: sessionsKey });
}

/** DELETE /api/user/sessions/:id — signs out one other device. */
export function useEndSession() {
  const refresh = useRefreshSessions();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ ended: number }>('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`, undefined, {
        headers: submission.headers(id),
      }),
    onSuccess: (_data, id) => submission.renew(id),
    // Ended or already gone (session_not_found): the list is out of date either way.
    onSettled: refresh,
  });
}

/** DELETE /api/user/sessions — signs out every device but this one. */
export function useEndOtherSessions() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>('DELETE', '/api/user/sessions'),
    onSettled: refresh,
  });
}
