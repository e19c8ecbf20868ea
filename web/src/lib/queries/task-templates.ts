import { queryOptions } from '@tanstack/react-query';
import type { TaskTemplate } from '#contract/templates.ts';
import { apiGet } from '../api.ts';

/** Prefix of every template list: writes invalidate it. */
export const taskTemplatesKey = ['/api/task-templates'] as const;

/** The project's templates for one facility type (the templates screen and scheduling). */
export const taskTemplatesQuery = (facilityType: string) =>
  queryOptions({
    queryKey: [...taskTemplatesKey, { facilityType }] as const,
    queryFn: ({ signal }) => apiGet<TaskTemplate[]>(`/api/task-templates?facilityType=${encodeURIComponent(facilityType)}`, { signal }),
  });
