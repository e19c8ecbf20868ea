import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { units } from './db/schema/index.ts';
import { SandboxGateway, type CardDetails } from './modules/billing/payment-gateway.ts';
import { createTestApp, registerAndLogin, type TestContext } from './test/helpers.ts';

const INTERNAL_DETAIL = 'connect ECONNREFUSED 10.0.0.7:8443 at /srv/shalav/gateway.js:42';

/** A gateway whose card check blows up with an internal error (a 5xx the client must not see the details of). */
class BrokenGateway extends SandboxGateway {
  failNext = false;
  override async tokenizeCard(card: CardDetails) {
    if (this.failNext) throw new Error(INTERNAL_DETAIL);
    return super.tokenizeCard(card);
  }
}

let ctx: TestContext;
let prod: TestContext;
const gateway = new BrokenGateway();
beforeAll(async () => {
  ctx = await createTestApp({ gateway });
});
afterAll(async () => {
  await ctx?.close();
  await prod?.close();
});

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends a CSP with no inline script, no plugins, no <base> and no framing, plus nosniff and a referrer policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS only in production (a development server on http must stay reachable).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('also sends them on error answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('cross-site writes', () => {
  it('refuses a write whose Origin is another site with 403, and changes nothing', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const created = await as({ method: 'POST', url: '/api/rooms', payload: { number: 'X101' } });
    expect(created.statusCode).toBe(201);
    const before = await ctx.app.db.select({ n: count() }).from(units);

    const res = await as({ method: 'DELETE', url: `/api/rooms/${created.json().id}`, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'cross_site_refused', message: 'Cross-site request refused' });
    const post = await as({ method: 'POST', url: '/api/rooms', payload: { number: 'X102' }, headers: { origin: 'https://evil.example' } });
    expect(post.statusCode).toBe(403);
    expect(await ctx.app.db.select({ n: count() }).from(units)).toEqual(before);
  });

  it('accepts writes from the public URL, from the same host, and without an Origin; reads from anywhere', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const fromPublic = await as({
      method: 'POST',
      url: '/api/rooms',
      payload: { number: 'Y101' },
      headers: { origin: 'http://localhost:5000' },
    });
    expect(fromPublic.statusCode).toBe(201);
    const sameHost = await as({
      method: 'POST',
      url: '/api/rooms',
      payload: { number: 'Y102' },
      headers: { origin: 'https://shalav.example', host: 'shalav.example' },
    });
    expect(sameHost.statusCode).toBe(201);
    expect((await as({ method: 'POST', url: '/api/rooms', payload: { number: 'Y103' } })).statusCode).toBe(201);
    expect((await as({ method: 'GET', url: '/api/rooms', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('refuses a malformed Origin', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'null' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('error shape', () => {
  it('answers an unknown /api path with a JSON 404 {message}', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/rooms/x/y'],
      ['GET', '/api'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });

  it('answers invalid input with 400 {message, issues} naming the field', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const res = await as({ method: 'POST', url: '/api/rooms', payload: { number: '', type: 'castle' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toContain('Room number is required');
    expect(body.issues).toEqual(
      expect.arrayContaining([{ path: 'number', message: 'Room number is required' }, expect.objectContaining({ path: 'type' })]),
    );
  });

  it('answers a malformed JSON body with 400 {message}', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: expect.any(String) });
  });

  it('never shows internals in a 5xx answer', async () => {
    const { as, body } = await registerAndLogin(ctx.app);
    gateway.failNext = true;
    try {
      const res = await as({
        method: 'PUT',
        url: '/api/user/credit-card',
        payload: {
          cardHolderName: body.cardHolderName,
          cardNumber: '5555555555554444',
          cardExpiryMonth: 1,
          cardExpiryYear: body.cardExpiryYear,
          cardCvv: '321',
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal Server Error' });
      expect(res.body).not.toContain('ECONNREFUSED');
      expect(res.body).not.toContain('/srv/');
    } finally {
      gateway.failNext = false;
    }
  });
});

describe('production configuration', () => {
  it('marks the session cookie Secure and turns on HSTS', async () => {
    prod = await createTestApp({ config: { env: 'production' } });
    const reg = await registerAndLogin(prod.app);
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: reg.body.username, password: reg.body.password },
    });
    const cookie = res.cookies.find((c) => c.name === 'shalav_sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
