import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { budget } from './test-budget.ts';

/**
 * The files that take longest, mostly waiting on child servers, scripts and sockets, longest first
 * (alone on an idle machine: 40–65 s, then 15–45 s). They start before every other file: without a
 * record of earlier runs (a fresh clone, as in CI) vitest starts the largest files first, and two of
 * these are among the smallest, so they began last and ran on alone at the end
 * (docs/decisions/040-test-suite-time.md).
 */
const LONG_FILES = [
  'server/lifecycle.test.ts',
  'server/backup.test.ts',
  'server/modules/billing/billing.test.ts',
  'server/billing-command.test.ts',
  'server/db/durability.test.ts',
  'server/storage/storage-outage.test.ts',
  'server/lib/backup.test.ts',
  'server/access.test.ts',
  'server/modules/schedules/quality-loop.test.ts',
  'server/modules/auth/login-limits.test.ts',
];
for (const file of LONG_FILES) if (!fs.existsSync(file)) throw new Error(`vitest.config.ts LONG_FILES: ${file} does not exist`);

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONG_FILES.indexOf(path.relative(process.cwd(), file.moduleId));
      return i === -1 ? LONG_FILES.length : i;
    };
    // Array sort is stable: every other file keeps vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Three test files at a time, not vitest's default of one on a 2-core machine (cores - 1): server
    // files spend much of their time waiting on child processes, PostgreSQL and sockets, and `npm test`
    // runs the browser suite beside this one (docs/decisions/040-test-suite-time.md): 482 s with three
    // against 510 s with two on an idle 2-core machine, the same hour.
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // One worker process runs several files (server/test/setup.ts starts each from fresh modules):
          // 13 files in 130 → 82 processor-seconds, most of a file's own cost being its process.
          isolate: false,
          setupFiles: ['server/test/setup.ts'],
          // Hang guards, not speed limits: a test fails on its assertions. Beside the browser suite and
          // the PostgreSQL run (CI), a test building three apps or 150 phones' requests took over 30 s.
          testTimeout: budget(120_000),
          hookTimeout: budget(120_000),
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // One jsdom per worker, not one per file: the web project in 70 s instead of 240 s (same
          // machine, same hour). setup.ts gives each file fresh app modules, a blank page and empty storage.
          isolate: false,
          // Longer than the longest wait for a screen (setup.ts): a test fails on its assertion, not on time.
          testTimeout: budget(60_000),
        },
      },
    ],
  },
});
