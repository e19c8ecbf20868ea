import { afterAll, vi } from 'vitest';

// Test files of the server project share a worker process (`isolate: false` in vitest.config.ts: a
// fresh process per file cost about half of a file's processor time): each file starts from the
// server's own modules evaluated afresh (its module mocks included) and leaves no fake timers, stubs
// or spies behind. Packages (fastify, PGlite, pg) are loaded once per worker; every file opens and
// closes its own app and database.
vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
