import { describe, expect, it } from 'vitest';
import type { PublicTask } from '#contract/worker.ts';
import type { OutboxEntry } from '#web/lib/outbox.ts';
import { progressOf } from './progress.ts';

const task = (id: string, isCompleted = false) => ({ id, isCompleted }) as PublicTask;
const entry = (kind: OutboxEntry['kind'], taskId?: string, waiting = true): OutboxEntry => ({
  key: `k-${kind}-${taskId}`,
  kind,
  method: 'PUT',
  url: '/x',
  body: {},
  roomId: 'r1',
  taskId,
  createdAt: 0,
  attempts: 1,
  waiting,
});

describe('progressOf', () => {
  const tasks = [task('a', true), task('b'), task('c'), task('d'), task('e'), task('f'), task('g')];

  it('counts the confirmed stages alone when nothing waits', () => {
    expect(progressOf(tasks, [])).toEqual({ done: 1, waiting: 0, total: 7 });
  });

  it('counts completions waiting in the outbox and those waiting for their photo, each stage once', () => {
    const pending = [entry('complete', 'b'), entry('complete', 'b'), entry('complete', 'c'), entry('shortage'), entry('session')];
    expect(progressOf(tasks, pending, { d: true, c: true, e: false })).toEqual({ done: 1, waiting: 3, total: 7 });
  });

  it('does not count a completion on its way for the first time (no flicker with signal)', () => {
    expect(progressOf(tasks, [entry('complete', 'b', false)])).toEqual({ done: 1, waiting: 0, total: 7 });
  });

  it('does not count a waiting completion twice once the server confirmed the stage', () => {
    expect(progressOf([task('a', true), task('b')], [entry('complete', 'a')], { a: true })).toEqual({ done: 1, waiting: 0, total: 2 });
  });
});
