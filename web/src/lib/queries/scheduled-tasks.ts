import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ScheduledTasksPage } from '#contract/schedules.ts';
import { apiGet } from '../api.ts';

/** Prefix of every page of the tracking list: scheduling new tasks invalidates it. */
export const scheduledTasksKey = ['/api/scheduled-tasks'] as const;

/** One page of scheduled tasks (`search`: the list's query string); the previous page stays on screen while the next loads. */
export const scheduledTasksQuery = (search: string) =>
  queryOptions({
    queryKey: [...scheduledTasksKey, search] as const,
    queryFn: ({ signal }) => apiGet<ScheduledTasksPage>(`/api/scheduled-tasks?${search}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
