import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helpers.ts';

/**
 * POST routes that do not honour `Idempotency-Key`, each with the reason. Every other POST creates
 * something or runs an action a double-click repeats, and must declare `idempotent: true`
 * (docs/decisions/015-idempotent-creates.md): a new route lands here only with a reason.
 */
const NOT_IDEMPOTENT: Record<string, string> = {
  'POST /api/login': 'a sign-in: a second one only opens another session, and its answer is the same user',
  'POST /api/admin/login': 'a sign-in: a second one only opens another session, and its answer is the same user',
  'POST /api/logout': 'ending a session twice is harmless, and the answer is the same',
  'POST /api/auth/forgot-password': 'always answers the same 202; the mails per user are capped (MAX_RESET_MAILS)',
  'POST /api/users/:id/temporary-password':
    'its answer is a password: the idempotency table would keep it in plain text for a day; the button disables while pending',
  'POST /api/admin/projects/:id/owner-temporary-password': 'as the member temporary password: the answer is a password',
  'POST /api/work-sessions':
    "a repeat continues the worker's open session (200); the worker's writes keep their own keys (docs/decisions/004-worker-api-and-idempotency.md)",
  'POST /api/shortages-public': "the worker's writes store their key with the record (docs/decisions/004-worker-api-and-idempotency.md)",
  'POST /api/measurements-public': "the worker's writes store their key with the record (docs/decisions/004-worker-api-and-idempotency.md)",
  'POST /api/objects/upload': 'a single-use upload address, nothing else: a second one is unused and expires',
  'POST /api/admin/billing/run': 'billing keeps its charges by their own idempotency key (docs/decisions/020-billing-engine.md)',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('idempotent creates on the route table', () => {
  it('has idempotent: true on every POST route but the listed exceptions', () => {
    const posts = ctx.app.routeAccess.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.url}`);
    expect(posts.length).toBeGreaterThan(10);
    expect(posts.filter((key) => !ctx.app.idempotentRoutes.has(key) && !(key in NOT_IDEMPOTENT))).toEqual([]);
  });

  it('lists as exceptions only routes that exist and are not idempotent', () => {
    const posts = new Set(ctx.app.routeAccess.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(NOT_IDEMPOTENT).filter((key) => !posts.has(key) || ctx.app.idempotentRoutes.has(key))).toEqual([]);
  });
});
