import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ScheduledTasksPage } from '../../../../../contract/schedules.ts';
import { apiGet } from '../../../lib/api.ts';

/** One page of scheduled tasks; the previous page stays on screen while the next loads. */
export function useScheduledTasks(search: string) {
  return useQuery({
    queryKey: ['/api/scheduled-tasks', search],
    queryFn: ({ signal }) => apiGet<ScheduledTasksPage>(`/api/scheduled-tasks?${search}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
