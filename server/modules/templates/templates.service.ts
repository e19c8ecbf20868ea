import type { FastifyInstance } from 'fastify';
import { DEFAULT_CLEANING_TASKS, DEFAULT_INSPECTION_TASKS, toTaskRows } from '#contract/default-tasks.ts';
import {
  templateFacilityTypeOf,
  type CreateTaskTemplateInput,
  type TaskTemplate,
  type UpdateTaskTemplateInput,
} from '#contract/templates.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { findProject } from '../projects/projects.queries.ts';
import * as q from './templates.queries.ts';

const NOT_FOUND = 'Task template not found';

export const toTemplate = (t: q.TaskTemplateRow): TaskTemplate => ({
  id: t.id,
  name: t.name,
  description: t.description,
  translations: t.translations ?? null,
  facilityType: t.facilityType,
  roomType: t.roomType,
  isRequired: t.isRequired,
  requiresPhoto: t.requiresPhoto,
  estimatedMinutes: t.estimatedMinutes,
  sortOrder: t.sortOrder,
});

export async function listTaskTemplates(app: FastifyInstance, auth: UserAuth, facilityType?: string) {
  return (await q.listTemplates(app.db, { projectId: auth.projectId, facilityType })).map(toTemplate);
}

export async function createTaskTemplate(app: FastifyInstance, auth: UserAuth, input: CreateTaskTemplateInput) {
  const [row] = await q.insertTemplates(app.db, { projectId: auth.projectId, rows: [input] });
  return toTemplate(row);
}

export async function updateTaskTemplate(app: FastifyInstance, auth: UserAuth, id: string, input: UpdateTaskTemplateInput) {
  if (!isUuid(id)) throw notFound('template_not_found', NOT_FOUND);
  const set: Record<string, unknown> = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  // A renamed default no longer matches its shipped translations: show the manager's words everywhere.
  if (input.name !== undefined || input.description !== undefined) set.translations = null;
  const row = await q.updateTemplate(app.db, { projectId: auth.projectId, id, set: { ...set, updatedAt: app.now() } });
  if (!row) throw notFound('template_not_found', NOT_FOUND);
  return toTemplate(row);
}

export async function deleteTaskTemplate(app: FastifyInstance, auth: UserAuth, id: string) {
  if (!isUuid(id) || !(await q.deleteTemplate(app.db, { projectId: auth.projectId, id }))) throw notFound('template_not_found', NOT_FOUND);
}

/**
 * Adds the default list for a facility type: the seven inspection stages for construction, a
 * daily cleaning routine for hotel, school and office. Defaults the project already has (same
 * name, same facility type) are not added again, so pressing the button twice is harmless.
 * Without a facility type, the project's own type decides.
 */
export async function initDefaultTemplates(app: FastifyInstance, auth: UserAuth, requested?: string) {
  let facilityType = requested;
  if (!facilityType) {
    const project = await findProject(app.db, auth.projectId);
    facilityType = templateFacilityTypeOf(project?.facilityType);
  }
  const defaults = toTaskRows(facilityType === 'construction' ? DEFAULT_INSPECTION_TASKS : DEFAULT_CLEANING_TASKS);
  const have = new Set(await q.listTemplateNames(app.db, { projectId: auth.projectId, facilityType, names: defaults.map((d) => d.name) }));
  const fresh = defaults.filter((d) => !have.has(d.name)).map((d) => ({ ...d, facilityType }));
  await q.insertTemplates(app.db, { projectId: auth.projectId, rows: fresh });
  return {
    created: fresh.length,
    message: fresh.length > 0 ? `Added ${fresh.length} default tasks` : 'The default tasks already exist',
  };
}
