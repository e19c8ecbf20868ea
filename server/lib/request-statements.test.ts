import net, { type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestContext } from '../test/helpers.ts';

// The request log's "statements" is the number of statements the request itself sent: the same as
// the database's own count across the request, when requests run one at a time.
describe('statements per request (debug request log)', () => {
  let ctx: TestContext;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    ctx = await createTestApp({ config: { logLevel: 'debug' }, logger: { stream } });
  });
  afterAll(() => ctx.close());

  const answered = (method: string, url: string) =>
    lines.filter((l) => l.msg === 'request' && l.method === method && l.url === url).at(-1)?.statements;

  it('counts what a read and a write with a body sent, and nothing of other requests', async () => {
    const { as, cookie } = await registerAndLogin(ctx.app);
    // A write whose body comes in a later packet, over a real socket: its handler still counts for it.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    let before = ctx.database.stats.queries;
    const body = JSON.stringify({ number: 'A1' });
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100)); // the body comes in a later packet
    // Not end(): a client that half-closes before its answer has its request aborted by Node's server.
    socket.write(body);
    let answer = '';
    for await (const chunk of socket) answer += String(chunk); // the server closes it (Connection: close)
    expect(answer).toMatch(/^HTTP\/1.1 201/);
    const written = ctx.database.stats.queries - before;
    expect(written).toBeGreaterThan(1);
    expect(answered('POST', '/api/rooms')).toBe(written);

    before = ctx.database.stats.queries;
    expect((await as({ method: 'GET', url: '/api/rooms' })).statusCode).toBe(200);
    const read = ctx.database.stats.queries - before;
    expect(read).toBeGreaterThan(0);
    expect(answered('GET', '/api/rooms')).toBe(read);

    // The same read twice at once: the two counts add up to what the database was sent.
    before = ctx.database.stats.queries;
    await Promise.all([as({ method: 'GET', url: '/api/rooms?x=1' }), as({ method: 'GET', url: '/api/rooms?x=2' })]);
    const both = ctx.database.stats.queries - before;
    expect((answered('GET', '/api/rooms?x=1') as number) + (answered('GET', '/api/rooms?x=2') as number)).toBe(both);
  });
});
