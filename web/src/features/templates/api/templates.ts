import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskTemplateInput, TaskTemplate, UpdateTaskTemplateInput } from '#contract/templates.ts';
import { TEMPLATE_PROJECT_TYPES, type TemplateProjectType } from '#contract/project-types.ts';
import { apiRequest } from '#web/lib/api.ts';
import { taskTemplatesKey, taskTemplatesQuery } from '#web/lib/queries/task-templates.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

export type TemplateFacilityType = TemplateProjectType;

export const useTaskTemplates = (facilityType: TemplateFacilityType) => useQuery(taskTemplatesQuery(facilityType));

function useInvalidateTemplates() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: taskTemplatesKey });
}

export function useCreateTaskTemplate() {
  const invalidate = useInvalidateTemplates();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: CreateTaskTemplateInput) =>
      apiRequest<TaskTemplate>('POST', '/api/task-templates', input, { headers: submission.headers() }),
    onSuccess: () => {
      submission.renew();
      return invalidate();
    },
  });
}

export function useUpdateTaskTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateTaskTemplateInput }) =>
      apiRequest<TaskTemplate>('PUT', `/api/task-templates/${encodeURIComponent(id)}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteTaskTemplate() {
  const invalidate = useInvalidateTemplates();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/task-templates/${encodeURIComponent(id)}`, undefined, {
        headers: submission.headers(id),
      }),
    onSuccess: (_data, id) => {
      submission.renew(id);
      return invalidate();
    },
  });
}

export function useInitDefaultTemplates() {
  const invalidate = useInvalidateTemplates();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (facilityType: TemplateFacilityType) =>
      apiRequest<{ created: number; message: string }>(
        'POST',
        '/api/task-templates/init-defaults',
        { facilityType },
        { headers: submission.headers() },
      ),
    onSuccess: () => {
      submission.renew();
      return invalidate();
    },
  });
}

/**
 * The name and description to show in a language. Default templates carry a translation per
 * language, generated from the Hebrew text that is also the stored name; once a manager renames
 * the template, the stored text no longer matches its Hebrew translation, and the manager's own
 * text wins in every language.
 */
export function templateText(template: Pick<TaskTemplate, 'name' | 'description' | 'translations'>, lng: string) {
  const tr = template.translations;
  const own = tr?.[lng];
  const he = tr?.he;
  const nameUntouched = !he?.name || he.name === template.name;
  const descriptionUntouched = !he?.description || he.description === (template.description ?? '');
  return {
    name: (nameUntouched && own?.name) || template.name,
    description: (descriptionUntouched && own?.description) || template.description || '',
  };
}

export const isTemplateFacilityType = (v: string | undefined | null): v is TemplateFacilityType =>
  (TEMPLATE_PROJECT_TYPES as readonly string[]).includes(v ?? '');
