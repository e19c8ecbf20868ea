import { UNDO_WINDOW_MINUTES } from '#contract/worker-rules.ts';

/**
 * Stages this phone completed, with when the worker pressed "complete" (ms): the stage offers "Undo"
 * for UNDO_WINDOW_MINUTES from then (docs/decisions/029-quality-loop.md; the server decides finally).
 */
const KEY = 'shalav.worker-completed-here';
export const UNDO_WINDOW_MS = UNDO_WINDOW_MINUTES * 60_000;

function read(): Record<string, number> {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function write(marks: Record<string, number>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(marks));
  } catch {
    /* unavailable: no "Undo" for it after a reload */
  }
}

/** This phone completed the stage at `at` (ISO); marks past the window are dropped meanwhile. */
export function rememberCompletedHere(taskId: string, at: string) {
  const now = Date.now();
  const marks = Object.fromEntries(Object.entries(read()).filter(([, t]) => now - t < UNDO_WINDOW_MS));
  write({ ...marks, [taskId]: Date.parse(at) || now });
}

export const completedHereAt = (taskId: string): number | undefined => read()[taskId];

export function forgetCompletedHere(taskId: string) {
  const marks = read();
  delete marks[taskId];
  write(marks);
}
