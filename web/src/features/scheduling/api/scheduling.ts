import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Room } from '../../../../../contract/rooms.ts';
import type { CreateScheduleInput, createScheduleResult, unitTaskSchema } from '../../../../../contract/schedules.ts';
import type { TaskTemplate } from '../../../../../contract/templates.ts';
import { apiGet, apiRequest } from '../../../lib/api.ts';

export type UnitTask = z.infer<typeof unitTaskSchema>;
export type CreateScheduleResult = z.infer<typeof createScheduleResult>;

export const roomsKey = ['/api/rooms'] as const;

/** Every unit of the project (GET /api/rooms). */
export function useRooms() {
  return useQuery({ queryKey: roomsKey, queryFn: ({ signal }) => apiGet<Room[]>('/api/rooms', { signal }), staleTime: 60_000 });
}

/** The project's templates for one facility type. */
export function useTaskTemplates(facilityType: string) {
  return useQuery({
    queryKey: ['/api/task-templates', { facilityType }],
    queryFn: ({ signal }) => apiGet<TaskTemplate[]>(`/api/task-templates?facilityType=${encodeURIComponent(facilityType)}`, { signal }),
  });
}

/** A unit's current tasks, shown in single-unit mode. */
export function useUnitTasks(roomId: string) {
  return useQuery({
    queryKey: ['/api/task-schedules', roomId],
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
  return useMutation({
    mutationFn: (input: CreateScheduleInput) => apiRequest<CreateScheduleResult>('POST', '/api/task-schedules', input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/rooms'] });
      void qc.invalidateQueries({ queryKey: ['/api/stats/rooms'] });
      void qc.invalidateQueries({ queryKey: ['/api/dashboard/room-details'] });
      void qc.invalidateQueries({ queryKey: ['/api/task-schedules'] });
      void qc.invalidateQueries({ queryKey: ['/api/scheduled-tasks'] });
    },
  });
}
