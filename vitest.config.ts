import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Three test files at a time, not vitest's default of one on a 2-core machine (cores - 1): server
    // files spend much of their time waiting on child processes, PostgreSQL and sockets, and `npm test`
    // runs the browser suite beside this one (docs/decisions/040-test-suite-time.md): 482 s with three
    // against 510 s with two on an idle 2-core machine, the same hour.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // Hang guards, not speed limits: a test fails on its assertions. Beside the browser suite and
          // the PostgreSQL run (CI), a test building three apps or 150 phones' requests took over 30 s.
          testTimeout: 120_000,
          hookTimeout: 120_000,
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
          testTimeout: 60_000,
        },
      },
    ],
  },
});
