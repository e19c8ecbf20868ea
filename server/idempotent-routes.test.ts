import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helpers.ts';

/**
 * Writes (POST, PUT, DELETE) that do not honour `Idempotency-Key`, each with the reason. Every
 * other write creates something or runs an action a double-click repeats, and must declare
 * `idempotent` (docs/decisions/015-idempotent-creates.md): a new route lands here only with a reason.
 */
const NOT_IDEMPOTENT: Record<string, string> = {
  'POST /api/login': 'a sign-in: a second one only opens another session, and its answer is the same user',
  'POST /api/admin/login': 'a sign-in: a second one only opens another session, and its answer is the same user',
  'POST /api/logout': 'ending a session twice is harmless, and the answer is the same',
  'POST /api/auth/forgot-password': 'always answers the same 202; the mails per user are capped (MAX_RESET_MAILS)',
  'POST /api/work-sessions':
    "a repeat continues the worker's open session (200); the worker's writes keep their own keys (docs/decisions/004-worker-api-and-idempotency.md)",
  'POST /api/shortages-public': "the worker's writes store their key with the record (docs/decisions/004-worker-api-and-idempotency.md)",
  'POST /api/measurements-public': "the worker's writes store their key with the record (docs/decisions/004-worker-api-and-idempotency.md)",
  'POST /api/objects/upload': 'a single-use upload address, nothing else: a second one is unused and expires',
  'PUT /api/user/profile': 'an edit: repeating it sets the same values again and answers the same',
  'PUT /api/user/profile-picture': 'an edit: repeating it stores the same picture again and answers the same',
  'DELETE /api/user/profile-picture': 'removing a picture that is gone answers the same user',
  'PUT /api/user/password':
    'the first answer gives this browser a new session and ends the old one, so a repeat is refused by the session check before a key is read; the form sends once',
  'DELETE /api/user/sessions': 'ending the other sessions twice ends none the second time, and says so',
  'PUT /api/admin/projects/:id/price': 'an edit: repeating it sets the same price and answers the same',
  'PUT /api/objects/upload/:token': 'a single-use upload address: the upload itself is the key (docs/decisions/011-uploads-under-load.md)',
  'PUT /api/shortages/:id': 'an edit: repeating it sets the same values again and answers the same',
  'PUT /api/measurements/:id': 'an edit: repeating it sets the same values again and answers the same',
  'PUT /api/rooms/:id': 'an edit: repeating it sets the same values again and answers the same',
  'PUT /api/task-templates/:id': 'an edit: repeating it sets the same values again and answers the same',
  'PUT /api/users/:id': 'an edit: repeating it sets the same values again and answers the same',
  'PUT /api/user/daily-digest': 'an edit: repeating it sets the same choice and language again and answers the same',
  'PUT /api/scheduled-tasks/:taskId/review':
    'the same review sent again answers the first and writes nothing: the review belongs to the completion it judged (docs/decisions/029-quality-loop.md)',
  'DELETE /api/scheduled-tasks-complete/:taskId':
    "a repeated undo from the same phone answers the same; the phone's id is the key (docs/decisions/029-quality-loop.md)",
  'PUT /api/scheduled-tasks-complete/:taskId':
    "the worker's writes store their key with the record (docs/decisions/004-worker-api-and-idempotency.md)",
};
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('idempotent creates on the route table', () => {
  it('has idempotent on every write route but the listed exceptions', () => {
    const posts = ctx.app.routeAccess.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.url}`);
    expect(posts.length).toBeGreaterThan(30);
    expect(posts.filter((key) => !ctx.app.idempotentRoutes.has(key) && !(key in NOT_IDEMPOTENT))).toEqual([]);
  });

  it('lists as exceptions only routes that exist and are not idempotent', () => {
    const posts = new Set(ctx.app.routeAccess.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(NOT_IDEMPOTENT).filter((key) => !posts.has(key) || ctx.app.idempotentRoutes.has(key))).toEqual([]);
  });
});
