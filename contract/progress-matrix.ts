import { z } from 'zod';
import { stageReviewSchema } from './review-state.ts';

/**
 * The progress matrix (line of balance): every unit of the project against every construction
 * stage. A stage is a distinct name of the project's once-tasks (tasks.recurrence = 'once'), in the
 * order of its smallest sort order, then its name. `cells[i]` of a unit belongs to `stages[i]`.
 */

export const PROGRESS_CELL_STATES = ['done', 'open', 'none'] as const;

export const progressStageSchema = z.object({
  name: z.string(),
  sortOrder: z.number().int(),
});
export type ProgressStage = z.infer<typeof progressStageSchema>;

/** done: the unit has the stage and it was completed; open: scheduled, not completed; none: not scheduled on the unit. */
export const progressCellSchema = z.object({
  state: z.enum(PROGRESS_CELL_STATES),
  /** ISO timestamp of the completion (done cells only). */
  completedAt: z.string().nullable(),
  workerName: z.string().nullable(),
  /** The stage's review state (docs/decisions/029-quality-loop.md); null: none, or open and never sent back. */
  review: stageReviewSchema.nullable(),
});
export type ProgressCell = z.infer<typeof progressCellSchema>;

export const progressUnitSchema = z.object({
  id: z.string(),
  number: z.string(),
  floor: z.number().int().nullable(),
  cells: z.array(progressCellSchema),
});
export type ProgressUnit = z.infer<typeof progressUnitSchema>;

export const progressMatrixSchema = z.object({
  stages: z.array(progressStageSchema),
  units: z.array(progressUnitSchema),
});
export type ProgressMatrix = z.infer<typeof progressMatrixSchema>;

/** GET /api/progress-matrix?floor=&prefix=: only the units of one floor, only labels starting with `prefix` (any case). */
export const progressMatrixQuery = z.object({
  floor: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(-20).max(300).optional(),
  ),
  prefix: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(30).optional()),
});
export type ProgressMatrixQuery = z.output<typeof progressMatrixQuery>;
