import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateScheduleInput, createScheduleResult, unitTaskSchema } from '#contract/schedules.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { invalidateRoomQueries, roomsQuery } from '#web/lib/queries/rooms.ts';
import { scheduledTasksKey } from '#web/lib/queries/scheduled-tasks.ts';
import { taskTemplatesQuery } from '#web/lib/queries/task-templates.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

export type UnitTask = z.infer<typeof unitTaskSchema>;
export type CreateScheduleResult = z.infer<typeof createScheduleResult>;

/** Every unit of the project (GET /api/rooms). */
export const useRooms = () => useQuery(roomsQuery);

/** The project's templates for one facility type. */
export const useTaskTemplates = (facilityType: string) => useQuery(taskTemplatesQuery(facilityType));

const unitTasksKey = ['/api/task-schedules'] as const;

/** A unit's current tasks, shown in single-unit mode. */
export function useUnitTasks(roomId: string) {
  return useQuery({
    queryKey: [...unitTasksKey, roomId],
    queryFn: ({ signal }) => apiGet<UnitTask[]>(`/api/task-schedules?roomId=${encodeURIComponent(roomId)}`, { signal }),
    enabled: Boolean(roomId),
    staleTime: 0,
  });
}

/**
 * POST /api/task-schedules. The server writes any number of units in one transaction and answers
 * when it is done, so success means the tasks exist (no background state).
 */
export function useCreateSchedule() {
  const qc = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: CreateScheduleInput) =>
      apiRequest<CreateScheduleResult>('POST', '/api/task-schedules', input, { headers: submission.headers() }),
    onSuccess: () => {
      submission.renew();
      void invalidateRoomQueries(qc);
      void qc.invalidateQueries({ queryKey: unitTasksKey });
      void qc.invalidateQueries({ queryKey: scheduledTasksKey });
    },
  });
}
