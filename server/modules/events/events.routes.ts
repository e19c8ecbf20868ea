import type { FastifyInstance } from 'fastify';
import { LIVE_HEARTBEAT_SECONDS, type LiveEvent } from '#contract/events.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { userOf } from '../../plugins/access.ts';
import { sessionAlive } from '../../plugins/session.ts';

/**
 * Open streams one session may hold, on every instance together (docs/decisions/030-several-instances.md):
 * a few tabs are normal; more is a leak or an attempt to tie up the servers' sockets and memory
 * with one stolen or scripted cookie.
 */
export const MAX_STREAMS_PER_SESSION = 5;

/**
 * GET /api/events: server-sent events for the caller's project. The client invalidates its cached
 * queries on each event; polling stays only as a fallback.
 */
export async function eventRoutes(app: FastifyInstance) {
  const open = new Set<() => void>();
  // End the streams before the server closes, or close would wait for them forever.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/events', { config: { access: 'member' } }, async (request, reply) => {
    const auth = userOf(request);
    const slot = await app.streamSlots.take(auth.sessionHash, MAX_STREAMS_PER_SESSION);
    if (!slot) {
      throw tooManyRequests(
        'live_streams_exceeded',
        `Live updates are already open in ${MAX_STREAMS_PER_SESSION} windows of this sign-in. Close one of them and try again.`,
        {
          max: MAX_STREAMS_PER_SESSION,
        },
      );
    }
    if (request.raw.destroyed) {
      // The client left while the slot was being taken: its close event has already passed.
      void slot.release();
      return reply;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const send = (event: LiveEvent) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = app.events.subscribe(auth.projectId, send);

    // The stream is not activity: end it when the session ends (logout or expiry).
    const heartbeat = setInterval(() => {
      sessionAlive(app.db, auth.sessionHash, app.now()).then(
        (alive) => (alive ? (slot.renew(), res.write(': ping\n\n')) : end()),
        () => res.write(': ping\n\n'),
      );
    }, LIVE_HEARTBEAT_SECONDS * 1000);
    let stopped = false;
    const stop = () => {
      // Runs once however the stream ends (client gone, session ended, server closing): frees the slot.
      if (stopped) return;
      stopped = true;
      void slot.release();
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      stop();
      res.end();
    };
    open.add(end);
    request.raw.on('close', stop);
    res.on('close', stop);
  });
}
