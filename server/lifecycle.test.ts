import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CHILD_START_TIMEOUT_MS, get, RawConnection, startChildServer, type ChildServer } from './test/child-server.ts';
import { SHUTTING_DOWN_MESSAGE } from './lib/shutdown.ts';
import { openTestDatabase } from './test/helpers.ts';

// These tests run the real process (server/main.ts) on 127.0.0.1 and signal only that child, by PID.
const servers: ChildServer[] = [];
const connections: RawConnection[] = [];
afterEach(async () => {
  while (connections.length) connections.pop()!.destroy();
  while (servers.length) await servers.pop()!.dispose();
});
async function start(env: Record<string, string> = {}) {
  const server = await startChildServer(env);
  servers.push(server);
  return server;
}
async function connect(port: number) {
  const c = await RawConnection.open(port);
  connections.push(c);
  return c;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The child's own timers fire late on a busy machine: time bounds add how long its start took
 * (`startedInMs`), and each test waits as long as its children's starts need (a hang guard only).
 */
const SLOW_START = { timeout: 4 * CHILD_START_TIMEOUT_MS };

describe('graceful shutdown (SIGTERM)', SLOW_START, () => {
  it('finishes requests in progress, answers arriving ones 503 + Retry-After (kept-alive sockets too), closes idle sockets, exits promptly', async () => {
    // At info, the server says when it has taken the signal.
    const server = await start({ LOG_LEVEL: 'info' });

    // A: kept alive, then a login whose body is only half sent when the signal comes (in progress).
    const a = await connect(server.port);
    a.write(get('/api/health'));
    expect((await a.response()).status).toBe(200);
    const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password' });
    a.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );

    // B: kept alive, then a request whose headers are arriving when the signal comes.
    const b = await connect(server.port);
    b.write(get('/api/health'));
    expect((await b.response()).status).toBe(200);
    b.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    // C: kept alive and idle; its client sends the next request just after the signal.
    const c = await connect(server.port);
    c.write(get('/api/health'));
    expect((await c.response()).status).toBe(200);
    // D: kept alive and idle, and stays so.
    const d = await connect(server.port);
    d.write(get('/api/health'));
    expect((await d.response()).status).toBe(200);

    // E: connected and silent (a browser's preconnection): closed unanswered once the grace is over.
    const e = await connect(server.port);

    await pause(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The requests below come once the server has taken the signal, however late a busy machine runs
    // its handler (in CI it once had not after 300 ms, and C's request was answered 200).
    await expect
      .poll(() => server.output(), { timeout: CHILD_START_TIMEOUT_MS, interval: 20 })
      .toContain('shutting down: finishing requests in progress');

    // A kept-alive socket is not cut under its client's request: the request gets its 503.
    c.write(get('/api/health'));
    const onKeptAlive = await c.response();
    expect(onKeptAlive.status).toBe(503);
    expect(onKeptAlive.headers.connection).toBe('close');
    expect(await c.waitClosed()).toBe(true);

    // The request that arrives during shutdown gets a clear 503, not a reset.
    b.write('\r\n');
    const refused = await b.response();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toEqual({ code: 'shutting_down', message: SHUTTING_DOWN_MESSAGE });
    expect(await b.waitClosed()).toBe(true);

    // The request in progress is handled normally (wrong password: 401), then its socket closes.
    expect(server.child.exitCode).toBeNull();
    a.write(body.slice(10));
    const finished = await a.response();
    expect(finished.status).toBe(401);
    expect(finished.headers.connection).toBe('close');

    // The socket that stayed idle is closed once the server has drained, not after the 72 s keep-alive timeout.
    expect(await d.waitClosed(5000)).toBe(true);
    expect(d.unread()).toBe('');

    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(10_000 + server.startedInMs);
    expect(e.closed).toBe(true);
    expect(server.output()).not.toMatch(/ECONNRESET|Error/);
    // The log says what the shutdown did: B and C answered 503, E closed unanswered, D closed idle.
    expect(server.output()).toContain('"refused":2,"silentClosed":1,"keptAliveClosed":1');
  });

  it('under a burst of requests, each one is answered (200 or 503); at most 2 of 180 are reset on a loaded machine', async () => {
    const server = await start();
    const outcomes: Record<string, number> = {};
    // When a request failed, after the signal, and whether its connection had been established.
    const failures: { key: string; connectedMs?: number; failedMs: number }[] = [];
    let signalled = Number.POSITIVE_INFINITY;
    // Each on a connection of its own. A pooling client (fetch) would send some of them on kept-alive
    // connections when the machine is slow, and a request sent on an idle kept-alive connection just
    // as the server closes it is reset whatever the server does (HTTP/1.1; decision 010 says so).
    const one = () =>
      new Promise<void>((resolve) => {
        let connectedMs: number | undefined;
        const count = (key: string) => {
          outcomes[key] = (outcomes[key] ?? 0) + 1;
          if (key !== '200' && key !== '503') failures.push({ key, connectedMs, failedMs: Date.now() - signalled });
          resolve();
        };
        http
          .get({ host: '127.0.0.1', port: server.port, path: '/api/health', agent: false }, (res) => {
            res.resume();
            res.on('end', () => count(String(res.statusCode)));
            res.on('error', (err: NodeJS.ErrnoException) => count(err.code ?? err.message));
          })
          .on('socket', (socket) => socket.once('connect', () => (connectedMs = Date.now() - signalled)))
          .on('error', (err: NodeJS.ErrnoException) => count(err.code ?? err.message));
      });
    // Part of the burst is still arriving when the signal comes (headers cut short, finished after
    // it): those surely meet the shutdown, however fast the machine answers the rest.
    const arriving = await Promise.all(Array.from({ length: 30 }, () => connect(server.port)));
    // A kept-alive socket that asks until it gets the 503: the server has started shutting down.
    const probe = await connect(server.port);
    probe.write(get('/api/health'));
    expect((await probe.response()).status).toBe(200);
    for (const c of arriving) c.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const burst = Array.from({ length: 150 }, one);
    await pause(30);
    signalled = Date.now();
    server.child.kill('SIGTERM');
    // Finish the arriving requests only once the server is shutting down, however slow the machine.
    for (let status = 200; status === 200;) {
      probe.write(get('/api/health'));
      status = (await probe.response()).status;
      expect([200, 503]).toContain(status);
    }
    for (const c of arriving) c.write('\r\n');
    const late = arriving.map(async (c) => {
      const key = await c.response().then(
        (res) => String(res.status),
        (err: unknown) => String(err),
      );
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      if (key !== '200' && key !== '503') failures.push({ key, failedMs: Date.now() - signalled });
    });
    await Promise.all([...burst, ...late]);
    const { code, at } = await server.exited;
    // Without the gate over half were reset (112–118 of ~200). In CI (load average ~20) a few runs still
    // saw resets on connections of their own (once 20 together, 2.8 s after the signal): the cause is
    // open (docs/decisions/010-crash-safety.md). What is known of each is printed, with the child's log,
    // which ends with the shutdown's counts (silent connections closed, late looks).
    if (failures.length > 0) console.warn('lifecycle burst: requests not answered', JSON.stringify(failures), server.output());
    expect(failures.length, JSON.stringify({ failures, output: server.output() })).toBeLessThanOrEqual(2);
    expect((outcomes['200'] ?? 0) + (outcomes['503'] ?? 0) + failures.length).toBe(180);
    expect(outcomes['503']).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(10_000 + server.startedInMs);
  });

  it('idle keep-alive sockets do not hold the exit (embedded, or PostgreSQL when DATABASE_URL is set)', async () => {
    // In PostgreSQL mode the child gets its own database, a clone of the migrated template.
    const database = process.env.DATABASE_URL ? await openTestDatabase() : undefined;
    try {
      const server = await start(database ? { DATABASE_URL: database.pool!.options.connectionString! } : {});
      expect(server.output()).toContain(database ? 'PostgreSQL server' : 'embedded database');
      const idle = await Promise.all(Array.from({ length: 5 }, () => connect(server.port)));
      for (const c of idle) {
        c.write(get('/api/health'));
        expect((await c.response()).status).toBe(200);
      }
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const { code, at } = await server.exited;
      expect(code).toBe(0);
      // Not the 72 s keep-alive timeout: the drain period and closing only.
      expect(at - signalled).toBeLessThan(3_000 + server.startedInMs);
      for (const c of idle) expect(c.closed).toBe(true);
    } finally {
      await database?.drop();
    }
  });

  it('exits (code 1) within 10 s when a request never finishes', async () => {
    // Its trace log says when the request has reached the app (in progress), however slow the machine: a
    // request the signal comes before is answered 503 and the exit is prompt and clean.
    const server = await start({ LOG_LEVEL: 'trace' });
    const hung = await connect(server.port);
    hung.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    for (const until = Date.now() + CHILD_START_TIMEOUT_MS; !server.output().includes('"msg":"incoming request"'); await pause(20))
      expect(Date.now(), server.output()).toBeLessThan(until);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThan(9_000);
    expect(at - signalled).toBeLessThan(11_000 + server.startedInMs);
  });

  it('a second server on a data directory in use is refused; a restart right after kill -9 starts at once', async () => {
    const first = await start();
    await expect(startChildServer({ DATA_DIR: first.dataDir })).rejects.toThrow(
      `The data directory ${first.dataDir} is in use by another Shalav process.`,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const t0 = Date.now();
    const second = await startChildServer({ DATA_DIR: first.dataDir });
    servers.unshift(second); // disposed before the first one removes the directory
    // At once: as fast as a start on this machine now, not after waiting out a stale lock.
    expect(Date.now() - t0).toBeLessThan(15_000 + 2 * first.startedInMs);
    const c = await connect(second.port);
    c.write(get('/api/health'));
    expect((await c.response()).status).toBe(200);
  });
});
