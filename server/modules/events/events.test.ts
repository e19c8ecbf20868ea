import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_MINUTES } from '#contract/constants.ts';
import { LIVE_HEARTBEAT_SECONDS } from '#contract/events.ts';
import type { FastifyInstance } from 'fastify';
import { tasks } from '../../db/schema/index.ts';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { clientAddress, cookieOf, createTestApp, login, registerAndLogin, testConfig, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await listen(ctx.app);
});
afterAll(async () => ctx?.close());

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** Opens the event stream and collects what arrives. */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/events`, { headers: { cookie }, signal: controller.signal });
  let text = '';
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    res,
    received: () => text,
    async waitFor(needle: string, ms = 3000) {
      const until = Date.now() + ms;
      while (!text.includes(needle)) {
        if (Date.now() > until) throw new Error(`no "${needle}" within ${ms} ms; got: ${text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Whether the server ends the stream within `ms`. */
    async endsWithin(ms = 3000) {
      return Promise.race([pump.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

async function unitWithTask(owner: Awaited<ReturnType<typeof registerAndLogin>>, app = ctx.app, db = ctx.database.db) {
  const room = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: `E${Math.floor(Math.random() * 1e6)}` } })).json();
  const [task] = await db.insert(tasks).values({ projectId: owner.user.projectId, unitId: room.id, name: 'Stage' }).returning();
  void app;
  return { room, task };
}

describe('live updates (server-sent events)', () => {
  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it("announces a worker's completion to the project's managers, and only to them", async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const { room, task } = await unitWithTask(a);
    const streamA = await openStream(baseUrl, a.cookie);
    const streamB = await openStream(baseUrl, b.cookie);
    try {
      expect(streamA.res.headers.get('content-type')).toContain('text/event-stream');
      await streamA.waitFor(': connected');
      await streamB.waitFor(': connected');
      const done = await ctx.app.inject({
        method: 'PUT',
        url: `/api/scheduled-tasks-complete/${task.id}`,
        payload: { workerName: 'Yossi' },
      });
      expect(done.statusCode).toBe(200);
      await streamA.waitFor('event: task.completed');
      expect(streamA.received()).toContain(`"unitId":"${room.id}"`);
      await new Promise((r) => setTimeout(r, 200));
      expect(streamB.received()).not.toContain('task.completed');
    } finally {
      await streamA.close();
      await streamB.close();
    }
  });

  it('announces unit changes made by another manager of the project', async () => {
    const a = await registerAndLogin(ctx.app);
    const stream = await openStream(baseUrl, a.cookie);
    try {
      await stream.waitFor(': connected');
      await a.as({ method: 'POST', url: '/api/rooms', payload: { number: 'LIVE1' } });
      await stream.waitFor('event: unit.changed');
    } finally {
      await stream.close();
    }
  });
});

describe('a stream and its session', () => {
  it('ends at the first heartbeat after sign-out or idle expiry, and lives on while the session does', async () => {
    // Only the heartbeat's interval is faked; the HTTP client and the database keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const saved = ctx.clock.now;
    try {
      const owner = await registerAndLogin(ctx.app);
      const heartbeat = () => vi.advanceTimersByTimeAsync(LIVE_HEARTBEAT_SECONDS * 1000);

      const live = await openStream(baseUrl, owner.cookie);
      await live.waitFor(': connected');
      await heartbeat();
      await live.waitFor(': ping');
      expect(await live.endsWithin(300)).toBe(false);

      const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: owner.cookie } });
      expect(out.statusCode).toBe(200);
      await heartbeat();
      expect(await live.endsWithin()).toBe(true);

      const again = await login(ctx.app, owner.body, { headers: clientAddress() });
      const idle = await openStream(baseUrl, again.cookie);
      await idle.waitFor(': connected');
      ctx.clock.now = new Date(saved.getTime() + (SESSION_IDLE_MINUTES + 1) * 60_000);
      await heartbeat();
      expect(await idle.endsWithin()).toBe(true);
    } finally {
      ctx.clock.now = saved;
      vi.useRealTimers();
    }
  });
});

describe('streams per session', () => {
  it('allows 5 open streams per session: the 6th gets 429, a closed stream frees its slot', async () => {
    const a = await registerAndLogin(ctx.app);
    const streams = [];
    try {
      for (let i = 0; i < 5; i++) {
        const s = await openStream(baseUrl, a.cookie);
        streams.push(s);
        await s.waitFor(': connected');
      }
      const sixth = await fetch(`${baseUrl}/api/events`, { headers: { cookie: a.cookie } });
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toEqual({
        code: 'live_streams_exceeded',
        params: { max: 5 },
        message: 'Live updates are already open in 5 windows of this sign-in. Close one of them and try again.',
      });
      // Another session (a second sign-in of the same user) has slots of its own.
      const again = await login(ctx.app, a.body, { headers: clientAddress() });
      const other = await openStream(baseUrl, cookieOf(again.res));
      streams.push(other);
      await other.waitFor(': connected');

      // Closing one stream frees its slot (the server sees the close a moment later).
      await streams.shift()!.close();
      let reopened: Awaited<ReturnType<typeof openStream>> | undefined;
      for (let tries = 0; tries < 50 && !reopened; tries++) {
        const s = await openStream(baseUrl, a.cookie);
        if (s.res.status === 200) reopened = s;
        else {
          await s.close();
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      expect(reopened).toBeDefined();
      streams.push(reopened!);
      await reopened!.waitFor(': connected');
    } finally {
      for (const s of streams) await s.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('live updates across two server instances on one PostgreSQL', () => {
  it('an SSE client on one instance receives the completion made through the other', async () => {
    const connectionString = (ctx.database.pool!.options as { connectionString: string }).connectionString;
    const second = await openPostgres(connectionString, 2);
    const other = await buildApp({ config: testConfig(), database: second, logger: false });
    try {
      const otherUrl = await listen(other);
      const owner = await registerAndLogin(ctx.app);
      const { task } = await unitWithTask(owner);
      // The manager watches through instance 2; the worker completes through instance 1.
      const stream = await openStream(otherUrl, owner.cookie);
      try {
        await stream.waitFor(': connected');
        const done = await ctx.app.inject({
          method: 'PUT',
          url: `/api/scheduled-tasks-complete/${task.id}`,
          payload: { workerName: 'Ahmad' },
        });
        expect(done.statusCode).toBe(200);
        await stream.waitFor('event: task.completed');
      } finally {
        await stream.close();
      }
    } finally {
      await other.close();
      await second.close();
    }
  });
});
