import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { createWorkSessionInput } from '#contract/worker.ts';
import { assertAcceptsWork, getUnit } from './facility.ts';
import { projectToday } from '../../lib/calendar.ts';
import { recordWorkSession } from './worker.queries.ts';

/** Records that a worker started (or continues) work on a unit today, and remembers the name. */
export async function startWorkSession(app: FastifyInstance, input: z.output<typeof createWorkSessionInput>) {
  const { unit, project } = await getUnit(app, input.roomId);
  assertAcceptsWork(app, project);
  const session = await recordWorkSession(app.db, {
    projectId: project.id,
    unitId: unit.id,
    workerName: input.workerName,
    floorNumber: input.floorNumber ?? unit.floor,
    workDate: projectToday(project, app.now()),
    now: app.now(),
  });
  const continuing = !session.inserted;
  return {
    projectId: project.id,
    unitId: unit.id,
    result: {
      message: continuing ? 'Continuing existing work' : 'Work started successfully',
      continuing,
      sessionId: session.id,
    },
  };
}
