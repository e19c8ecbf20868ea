import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Room } from '#contract/rooms.ts';
import { users } from '../../db/schema/index.ts';
import type { Mailer, MailMessage } from '../../lib/mail.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { signInMember } from '../schedules/test-support.ts';
import { claimDigest, listUserDigests } from './daily-digest.queries.ts';
import { startDigestScheduler } from './daily-digest.scheduler.ts';
import { runDailyDigest } from './daily-digest.service.ts';

/** The daily e-mail of project admins and managers (docs/decisions/031-daily-digest.md). */

/** A mailer that keeps what it was asked to send; an address in `refuse` fails like a refusing SMTP server. */
class FakeMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  readonly refuse = new Set<string>();
  async send(message: MailMessage) {
    if (this.refuse.has(message.to)) throw new Error('550 mailbox unavailable');
    this.sent.push(message);
  }
  close() {}
  to(address: string) {
    return this.sent.filter((m) => m.to === address);
  }
}

// 12:00 in Jerusalem on the day of the work; the e-mail goes out the next morning.
const WORK_DAY = new Date('2026-11-25T10:00:00Z');
/** 07:30 and 06:30 in Jerusalem (UTC+2 in winter) on the next day. */
const NEXT_MORNING = new Date('2026-11-26T05:30:00Z');
const TOO_EARLY = new Date('2026-11-26T04:30:00Z');
const DAY_AFTER = new Date('2026-11-27T05:30:00Z');

const mailer = new FakeMailer();
let ctx: TestContext;
let noMail: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ mailer, config: { publicUrl: 'https://shalav.test' }, now: WORK_DAY });
  noMail = await createTestApp({ now: WORK_DAY });
});
afterAll(async () => {
  await ctx?.close();
  await noMail?.close();
});

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
const settings = (as: Owner['as'], payload?: object) =>
  as(payload === undefined ? { method: 'GET', url: '/api/user/daily-digest' } : { method: 'PUT', url: '/api/user/daily-digest', payload });

let seq = 0;
/** A manager with an e-mail address, added by the project admin; signs in and returns their inject. */
async function addManager(owner: Owner, firstName: string) {
  seq += 1;
  const username = `digest${process.pid}m${seq}`;
  const email = `${username}@example.com`;
  const res = await owner.as({
    method: 'POST',
    url: '/api/users',
    payload: { firstName, username, email, role: 'manager', password: 'crew-pass-1', confirmPassword: 'crew-pass-1' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'crew-pass-1' } });
  const cookie = login.cookies.find((c) => c.name === 'shalav_sid')!;
  const as: Owner['as'] = (opts) => ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: `shalav_sid=${cookie.value}` } });
  return { email, as, id: res.json().id as string };
}

/**
 * A project where, on WORK_DAY, four stages were completed, one was sent back and done again, one
 * undone by the worker's phone and done again (not "redone": it was never sent back), one accepted,
 * and one shortage reported: 3 waiting for review, 1 sent back, 1 redone, 1 shortage.
 */
async function busyProject() {
  ctx.clock.now = WORK_DAY;
  const owner = await registerAndLogin(ctx.app);
  expect((await owner.as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms: [{ number: '1' }] } })).statusCode).toBe(200);
  const [unit] = (await owner.as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
  const names = ['Tiling', 'Paint', 'Plaster', 'Screed'];
  const scheduled = await owner.as({
    method: 'POST',
    url: '/api/task-schedules',
    payload: { roomIds: [unit.id], taskTemplates: names.map((name) => ({ name, recurrence: 'once' })) },
  });
  expect(scheduled.statusCode).toBe(201);
  const list = (await owner.as({ method: 'GET', url: `/api/task-schedules?roomId=${unit.id}` })).json() as { id: string; name: string }[];
  const task = Object.fromEntries(list.map((t) => [t.name, t.id]));
  const phone = { 'x-shalav-device': `phone-${process.pid}-digest-abcd` };
  const complete = (taskId: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/scheduled-tasks-complete/${taskId}`,
      headers: phone,
      payload: { workerName: 'Yossi Cohen' },
    });
  for (const name of names) expect((await complete(task[name])).statusCode).toBe(200);
  const review = (taskId: string, payload: object) => owner.as({ method: 'PUT', url: `/api/scheduled-tasks/${taskId}/review`, payload });
  expect((await review(task.Tiling, { decision: 'rejected', reason: 'Uneven joints' })).statusCode).toBe(200);
  expect((await review(task.Paint, { decision: 'accepted' })).statusCode).toBe(200);
  expect((await complete(task.Tiling)).statusCode).toBe(200);
  expect((await ctx.app.inject({ method: 'DELETE', url: `/api/scheduled-tasks-complete/${task.Screed}`, headers: phone })).statusCode).toBe(
    200,
  );
  expect((await complete(task.Screed)).statusCode).toBe(200);
  const shortage = await owner.as({ method: 'POST', url: '/api/shortages', payload: { name: 'Tile adhesive', quantity: 4 } });
  expect(shortage.statusCode, shortage.body).toBe(201);
  return owner;
}

/** A project with nothing to tell: no stage completed, no shortage. */
async function quietProject() {
  ctx.clock.now = WORK_DAY;
  return registerAndLogin(ctx.app);
}

const runAt = async (at: Date) => {
  ctx.clock.now = at;
  return runDailyDigest(ctx.app);
};

describe('GET and PUT /api/user/daily-digest', () => {
  it('is off until the user turns it on; the choice and its language are kept, and it turns off again', async () => {
    const owner = await quietProject();
    const first = await settings(owner.as);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ enabled: false, language: null, mailConfigured: true });
    const on = await settings(owner.as, { enabled: true, language: 'ru' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ enabled: true, language: 'ru', mailConfigured: true });
    expect((await settings(owner.as)).json()).toMatchObject({ enabled: true, language: 'ru' });
    const off = await settings(owner.as, { enabled: false, language: 'he' });
    expect(off.json()).toMatchObject({ enabled: false, language: 'he' });
  });

  it('is refused to a read-only worker account (403) and lets a manager choose it', async () => {
    const owner = await quietProject();
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    expect((await settings(cleaner)).statusCode).toBe(403);
    const put = await settings(cleaner, { enabled: true, language: 'he' });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('forbidden');
    const manager = await addManager(owner, 'Avi');
    expect((await settings(manager.as, { enabled: true, language: 'he' })).json()).toMatchObject({ enabled: true });
  });

  it('answers 400 to a language it does not speak or a missing choice, and changes nothing', async () => {
    const owner = await quietProject();
    for (const payload of [{ enabled: true, language: 'fr' }, { enabled: 'yes', language: 'he' }, { language: 'he' }, {}]) {
      const res = await settings(owner.as, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await settings(owner.as)).json()).toMatchObject({ enabled: false, language: null });
  });

  it('cannot be turned on without an e-mail address on the account (409), but can be turned off', async () => {
    const owner = await quietProject();
    const manager = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'manager');
    const res = await settings(manager, { enabled: true, language: 'he' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('daily_digest_needs_email');
    expect((await settings(manager, { enabled: false, language: 'he' })).statusCode).toBe(200);
  });

  it('says when the server has no outgoing mail and refuses to turn it on (409)', async () => {
    const owner = await registerAndLogin(noMail.app);
    expect((await settings(owner.as)).json()).toEqual({ enabled: false, language: null, mailConfigured: false });
    const res = await settings(owner.as, { enabled: true, language: 'he' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('daily_digest_unavailable');
  });
});

describe('the daily e-mail', () => {
  it('tells each opted-in manager the project’s figures in their language, with links to the review and the shortages', async () => {
    const owner = await busyProject();
    expect((await settings(owner.as, { enabled: true, language: 'he' })).statusCode).toBe(200);
    const manager = await addManager(owner, 'Sveta');
    expect((await settings(manager.as, { enabled: true, language: 'ru' })).statusCode).toBe(200);
    await runAt(NEXT_MORNING);

    const [he] = mailer.to(owner.body.email);
    expect(he.subject).toBe(`${owner.body.facilityName}: סיכום יומי 2026-11-26`);
    expect(he.text).toBe(
      [
        'שלום Dana,',
        `הסיכום היומי של ${owner.body.facilityName} (24 השעות האחרונות):`,
        'שלבים שממתינים לבדיקה: 3\nשלבים שהוחזרו לתיקון: 1\nשלבים שתוקנו אחרי שהוחזרו: 1\nחוסרים חדשים: 1',
        'לבדיקת השלבים: https://shalav.test/review\nלטבלת החוסרים: https://shalav.test/shortages-table',
        'קיבלת הודעה זו כי הפעלת את הדוא״ל היומי בפרופיל החשבון. אפשר לכבות אותו שם: https://shalav.test/account-profile',
      ].join('\n\n') + '\n',
    );
    const [ru] = mailer.to(manager.email);
    expect(ru.subject).toBe(`${owner.body.facilityName}: ежедневная сводка 2026-11-26`);
    expect(ru.text).toContain('Здравствуйте, Sveta!');
    expect(ru.text).toContain(
      'Этапы, ожидающие проверки: 3\nЭтапы, возвращённые на доработку: 1\nЭтапы, переделанные после возврата: 1\nНовые нехватки: 1',
    );
    expect(ru.text).toContain('Проверить этапы: https://shalav.test/review\nТаблица нехваток: https://shalav.test/shortages-table');
  });

  it('goes out once a day however often the job runs, even when a run stopped after claiming it; the next day again', async () => {
    const owner = await busyProject();
    await settings(owner.as, { enabled: true, language: 'en' });
    await runAt(TOO_EARLY);
    expect(mailer.to(owner.body.email)).toHaveLength(0);
    await Promise.all([runAt(NEXT_MORNING), runDailyDigest(ctx.app)]);
    await runAt(new Date(NEXT_MORNING.getTime() + 3_600_000));
    expect(mailer.to(owner.body.email)).toHaveLength(1);
    expect(mailer.to(owner.body.email)[0].text).toContain('Stages waiting for review: 3');
    expect(await listUserDigests(ctx.database.db, { projectId: owner.user.projectId, userId: owner.user.id })).toEqual([
      { digestDate: '2026-11-26', status: 'sent' },
    ]);

    // A run that claimed the next day's e-mail and stopped before sending it (a restart): not sent again.
    await claimDigest(ctx.database.db, {
      projectId: owner.user.projectId,
      userId: owner.user.id,
      digestDate: '2026-11-27',
      now: DAY_AFTER,
    });
    await runAt(DAY_AFTER);
    expect(mailer.to(owner.body.email)).toHaveLength(1);
    await runAt(new Date('2026-11-28T05:30:00Z'));
    const all = mailer.to(owner.body.email);
    expect(all).toHaveLength(2);
    // Three waiting for review still; nothing new in the last day.
    expect(all[1].text).toContain(
      'Stages waiting for review: 3\nStages sent back: 0\nStages redone after being sent back: 0\nNew shortages: 0',
    );
  });

  it('sends nothing when every figure is zero, nor to a member who did not turn it on or turned it off', async () => {
    const quiet = await quietProject();
    await settings(quiet.as, { enabled: true, language: 'en' });
    const busy = await busyProject();
    const manager = await addManager(busy, 'Noa');
    await settings(manager.as, { enabled: true, language: 'en' });
    await settings(manager.as, { enabled: false, language: 'en' });
    const result = await runAt(NEXT_MORNING);
    expect(mailer.to(quiet.body.email)).toHaveLength(0);
    expect(mailer.to(busy.body.email)).toHaveLength(0);
    expect(mailer.to(manager.email)).toHaveLength(0);
    expect(await listUserDigests(ctx.database.db, { projectId: quiet.user.projectId, userId: quiet.user.id })).toEqual([
      { digestDate: '2026-11-26', status: 'empty' },
    ]);
    expect(result.sent).toBe(0);
  });

  it('does not send again an e-mail the mail server refused', async () => {
    const owner = await busyProject();
    await settings(owner.as, { enabled: true, language: 'en' });
    mailer.refuse.add(owner.body.email);
    const failed = await runAt(NEXT_MORNING);
    expect(failed.failed).toBe(1);
    mailer.refuse.delete(owner.body.email);
    await runAt(NEXT_MORNING);
    expect(mailer.to(owner.body.email)).toHaveLength(0);
    expect(await listUserDigests(ctx.database.db, { projectId: owner.user.projectId, userId: owner.user.id })).toEqual([
      { digestDate: '2026-11-26', status: 'failed' },
    ]);
  });

  it('sends nothing and records nothing without outgoing mail', async () => {
    const owner = await registerAndLogin(noMail.app);
    await noMail.database.db.update(users).set({ dailyDigest: true, language: 'en' }).where(eq(users.id, owner.user.id));
    noMail.clock.now = NEXT_MORNING;
    expect(await runDailyDigest(noMail.app)).toEqual({ sent: 0, empty: 0, failed: 0 });
    expect(await listUserDigests(noMail.database.db, { projectId: owner.user.projectId, userId: owner.user.id })).toEqual([]);
  });

  it('is sent by the server’s own scheduler once it is due', async () => {
    const owner = await busyProject();
    await settings(owner.as, { enabled: true, language: 'en' });
    ctx.clock.now = NEXT_MORNING;
    const scheduler = startDigestScheduler(ctx.app, 20, 0);
    // Polls until the digest is sent; up to 15 s, as a busy machine may take that long.
    for (let i = 0; i < 300 && mailer.to(owner.body.email).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await scheduler.stop();
    expect(mailer.to(owner.body.email)).toHaveLength(1);
  });
});
