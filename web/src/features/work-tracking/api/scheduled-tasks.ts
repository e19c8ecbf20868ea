import { useQuery } from '@tanstack/react-query';
import { scheduledTasksQuery } from '#web/lib/queries/scheduled-tasks.ts';

/** One page of scheduled tasks; the previous page stays on screen while the next loads. */
export const useScheduledTasks = (search: string) => useQuery(scheduledTasksQuery(search));
