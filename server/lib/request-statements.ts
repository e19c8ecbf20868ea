import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * How many statements each request sends to the database, for the request log (LOG_LEVEL=debug) and
 * `npm run bench:scale` (docs/cost-of-growth.md): a read whose count grows with the project shows up
 * as a number, not only as time. A screen computed once per change and shared (decision 037) counts
 * for the request that computed it; the requests that waited for it count 0.
 */
const current = new AsyncLocalStorage<{ statements: number }>();

declare module 'fastify' {
  interface FastifyRequest {
    statementCount: { statements: number } | undefined;
  }
}

/** Called for each statement the database client sends (server/db/client.ts). */
export function countStatement() {
  const store = current.getStore();
  if (store) store.statements += 1;
}

/**
 * Only when the debug request line is written: the context that carries the count through a
 * request's asynchronous work has a cost on every promise (Node 20), not worth paying unread.
 */
export function registerStatementCount(app: FastifyInstance) {
  app.decorateRequest('statementCount', undefined);
  if (app.log.level !== 'debug' && app.log.level !== 'trace') return;
  app.addHook('onRequest', (request, _reply, done) => {
    const store = { statements: 0 };
    request.statementCount = store;
    current.run(store, done);
  });
}
