import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Config } from './config.ts';
import { createTestApp } from './test/helpers.ts';

/** The log lines of one request to /api/health on a server of this environment and level. */
async function logOfOneRequest(env: Config['env'], level: string) {
  const lines: { level: number; msg: string; statusCode?: number; url?: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const ctx = await createTestApp({ config: { env }, logger: { level, stream } });
  try {
    lines.length = 0;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    return lines;
  } finally {
    await ctx.close();
  }
}

describe('the request log', () => {
  it('says nothing per request in development at the default level, so the start banner stays in sight', async () => {
    expect(await logOfOneRequest('development', 'info')).toEqual([]);
  });

  it('logs one debug line per request in development when LOG_LEVEL asks for debug', async () => {
    const lines = await logOfOneRequest('development', 'debug');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 20, msg: 'request', url: '/api/health', statusCode: 200 });
  });

  it('also says when a request arrived at trace (a test waits for that line)', async () => {
    const lines = await logOfOneRequest('development', 'trace');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [10, 'incoming request'],
      [20, 'request'],
    ]);
  });

  it("keeps Fastify's request log at info in production", async () => {
    const lines = await logOfOneRequest('production', 'info');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
  });
});
