import type { FastifyInstance } from 'fastify';
import type { PublicTask } from '#contract/worker.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { UNIT_NOT_FOUND } from './facility.ts';
import { listUnitTasksPublic } from './worker.queries.ts';

type Translations = NonNullable<PublicTask['translations']>;

/**
 * Only the schema's fields of each locale's text: the task list is sent without a zod pass
 * (see worker.routes.ts), so nothing stored beside them may reach the client.
 */
function publicTranslations(stored: unknown): PublicTask['translations'] {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const out: Translations = {};
  const locales: [string, unknown][] = Object.entries(stored);
  for (const [lng, text] of locales) {
    if (text === null || typeof text !== 'object') continue;
    const name = 'name' in text ? text.name : undefined;
    const description = 'description' in text ? text.description : undefined;
    out[lng] = {
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof description === 'string' ? { description } : {}),
    };
  }
  return out;
}

/**
 * A unit's tasks for a day (default: today in the project's time zone). One statement finds the
 * unit, its project's day and the tasks; no rows means no such unit (404, whatever the reason).
 * Each task is built with exactly publicTaskSchema's keys, in its order.
 */
export async function listPublicTasks(app: FastifyInstance, unitId: string, date: string | undefined): Promise<PublicTask[]> {
  if (!isUuid(unitId)) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const rows = await listUnitTasksPublic(app.db, { unitId, date, now: app.now() });
  if (rows.length === 0) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const out: PublicTask[] = [];
  for (const { task: t, number } of rows) {
    if (t === null) continue; // the unit has no tasks
    out.push({
      id: t.id,
      name: t.name,
      description: t.description,
      translations: publicTranslations(t.translations),
      isCompleted: t.completedAt !== null,
      completedAt: t.completedAt?.toISOString() ?? null,
      workerName: t.workerName,
      requiresPhoto: t.requiresPhoto,
      estimatedMinutes: t.estimatedMinutes,
      recurrence: t.recurrence,
      roomNumber: number,
      rejection: t.rejection && { reason: t.rejection.reason, rejectedAt: t.rejection.rejectedAt.toISOString() },
    });
  }
  return out;
}
