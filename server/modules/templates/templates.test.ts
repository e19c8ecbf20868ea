import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLEANING_TASKS, DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import type { TaskTemplate } from '#contract/templates.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { signInMember } from '../schedules/test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type As = Awaited<ReturnType<typeof registerAndLogin>>['as'];
const list = async (as: As, facilityType?: string) => {
  const res = await as({ method: 'GET', url: `/api/task-templates${facilityType ? `?facilityType=${facilityType}` : ''}` });
  expect(res.statusCode).toBe(200);
  return res.json() as TaskTemplate[];
};

describe('task templates', () => {
  it('creates a template with the documented defaults: 5 minutes, order 0, required, no photo, every unit type', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const res = await as({
      method: 'POST',
      url: '/api/task-templates',
      payload: { name: '  Make the bed  ', facilityType: 'hotel', roomType: 'all' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Make the bed',
      description: null,
      facilityType: 'hotel',
      roomType: null,
      isRequired: true,
      requiresPhoto: false,
      estimatedMinutes: 5,
      sortOrder: 0,
    });
    expect(await list(as, 'hotel')).toHaveLength(1);
  });

  it('refuses a template without a name, and minutes outside 1–120', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const blank = await as({ method: 'POST', url: '/api/task-templates', payload: { name: '   ', facilityType: 'hotel' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Task name is required');
    for (const estimatedMinutes of [0, 121, 2.5]) {
      const res = await as({
        method: 'POST',
        url: '/api/task-templates',
        payload: { name: 'Dust', facilityType: 'hotel', estimatedMinutes },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await list(as)).toHaveLength(0);
  });

  it('keeps a chosen unit type, photo flag, minutes and order', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const res = await as({
      method: 'POST',
      url: '/api/task-templates',
      payload: {
        name: 'Check minibar',
        facilityType: 'hotel',
        roomType: 'suite',
        requiresPhoto: true,
        isRequired: false,
        estimatedMinutes: 12,
        sortOrder: 3,
      },
    });
    expect(res.json()).toMatchObject({ roomType: 'suite', requiresPhoto: true, isRequired: false, estimatedMinutes: 12, sortOrder: 3 });
  });

  it('filters the list by facility type and orders it by sort order', async () => {
    const { as } = await registerAndLogin(ctx.app);
    await as({ method: 'POST', url: '/api/task-templates', payload: { name: 'Second', facilityType: 'school', sortOrder: 2 } });
    await as({ method: 'POST', url: '/api/task-templates', payload: { name: 'First', facilityType: 'school', sortOrder: 1 } });
    await as({ method: 'POST', url: '/api/task-templates', payload: { name: 'Office one', facilityType: 'office' } });
    expect((await list(as, 'school')).map((t) => t.name)).toEqual(['First', 'Second']);
    expect((await list(as, 'office')).map((t) => t.name)).toEqual(['Office one']);
    expect(await list(as)).toHaveLength(3);
    expect((await as({ method: 'GET', url: '/api/task-templates?facilityType=spaceship' })).statusCode).toBe(400);
  });

  it('updates only the fields sent (a rename keeps photo, required flag and unit type)', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const created = (
      await as({
        method: 'POST',
        url: '/api/task-templates',
        payload: { name: 'Old', facilityType: 'hotel', roomType: 'suite', requiresPhoto: true, isRequired: false, estimatedMinutes: 20 },
      })
    ).json() as TaskTemplate;
    const res = await as({ method: 'PUT', url: `/api/task-templates/${created.id}`, payload: { name: 'New' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New', roomType: 'suite', requiresPhoto: true, isRequired: false, estimatedMinutes: 20 });
    const all = await as({ method: 'PUT', url: `/api/task-templates/${created.id}`, payload: { roomType: 'all', estimatedMinutes: 7 } });
    expect(all.json()).toMatchObject({ name: 'New', roomType: null, estimatedMinutes: 7 });
    expect((await as({ method: 'PUT', url: `/api/task-templates/${created.id}`, payload: { name: '' } })).statusCode).toBe(400);
    expect((await as({ method: 'PUT', url: `/api/task-templates/${created.id}`, payload: { estimatedMinutes: 500 } })).statusCode).toBe(
      400,
    );
  });

  it('deletes a template, then answers 404 for it', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const created = (
      await as({ method: 'POST', url: '/api/task-templates', payload: { name: 'Gone', facilityType: 'office' } })
    ).json() as TaskTemplate;
    const del = await as({ method: 'DELETE', url: `/api/task-templates/${created.id}` });
    expect(del.statusCode).toBe(200);
    expect(await list(as)).toHaveLength(0);
    expect((await as({ method: 'DELETE', url: `/api/task-templates/${created.id}` })).statusCode).toBe(404);
    expect((await as({ method: 'PUT', url: '/api/task-templates/not-a-uuid', payload: { name: 'x' } })).statusCode).toBe(404);
  });

  it('adds the daily cleaning list for hotel once; pressing again adds nothing', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const first = await as({ method: 'POST', url: '/api/task-templates/init-defaults', payload: { facilityType: 'hotel' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      created: DEFAULT_CLEANING_TASKS.length,
      message: `Added ${DEFAULT_CLEANING_TASKS.length} default tasks`,
    });
    const hotel = await list(as, 'hotel');
    expect(hotel.map((t) => t.name)).toEqual(DEFAULT_CLEANING_TASKS.map((t) => t.text.he.name));
    expect(hotel[2]).toMatchObject({ requiresPhoto: true, estimatedMinutes: 15, sortOrder: 3 });
    expect(hotel[0].translations?.en?.name).toBe(DEFAULT_CLEANING_TASKS[0].text.en.name);
    const again = await as({ method: 'POST', url: '/api/task-templates/init-defaults', payload: { facilityType: 'hotel' } });
    expect(again.json()).toEqual({ created: 0, message: 'The default tasks already exist' });
    expect(await list(as, 'hotel')).toHaveLength(DEFAULT_CLEANING_TASKS.length);
  });

  it('answers a double-click on "add the default list" with one Idempotency-Key twice with the first answer', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const headers = { 'idempotency-key': `defaults-${process.pid}-hotel` };
    const send = () => as({ method: 'POST', url: '/api/task-templates/init-defaults', payload: { facilityType: 'hotel' }, headers });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.json()).toMatchObject({ created: DEFAULT_CLEANING_TASKS.length });
    expect(second.json()).toEqual(first.json());
    expect(await list(as, 'hotel')).toHaveLength(DEFAULT_CLEANING_TASKS.length);
  });

  it('a renamed default drops its shipped translations; a flag change keeps them', async () => {
    const { as } = await registerAndLogin(ctx.app);
    await as({ method: 'POST', url: '/api/task-templates/init-defaults', payload: { facilityType: 'construction' } });
    const [first, second] = await list(as, 'construction');
    const flag = await as({ method: 'PUT', url: `/api/task-templates/${second.id}`, payload: { requiresPhoto: false } });
    expect(flag.json().translations?.en?.name).toBe(DEFAULT_INSPECTION_TASKS[1].text.en.name);
    const renamed = await as({ method: 'PUT', url: `/api/task-templates/${first.id}`, payload: { name: 'איטום — בדיקה חוזרת' } });
    expect(renamed.json()).toMatchObject({ name: 'איטום — בדיקה חוזרת', translations: null });
  });

  it('adds the seven inspection stages for construction, with the default minutes and photos', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const res = await as({ method: 'POST', url: '/api/task-templates/init-defaults', payload: { facilityType: 'construction' } });
    expect(res.json().created).toBe(7);
    const rows = await list(as, 'construction');
    expect(rows.map((t) => t.estimatedMinutes)).toEqual([30, 20, 25, 15, 10, 20, 15]);
    expect(rows.map((t) => t.requiresPhoto)).toEqual([true, true, false, true, false, true, false]);
    expect(rows.map((t) => t.name)).toEqual(DEFAULT_INSPECTION_TASKS.map((t) => t.text.he.name));
  });

  it("without a facility type, adds the defaults of the project's own type", async () => {
    const hotel = await registerAndLogin(ctx.app, { facilityType: 'hotel' });
    const res = await hotel.as({ method: 'POST', url: '/api/task-templates/init-defaults' });
    expect(res.statusCode).toBe(200);
    expect((await list(hotel.as, 'hotel')).length).toBe(DEFAULT_CLEANING_TASKS.length);
    const building = await registerAndLogin(ctx.app, { facilityType: 'residential' });
    await building.as({ method: 'POST', url: '/api/task-templates/init-defaults', payload: {} });
    expect((await list(building.as, 'construction')).length).toBe(7);
  });

  it('answers 401 without a session and 403 for a cleaner; a manager may manage templates', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/task-templates' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/task-templates/init-defaults' })).statusCode).toBe(401);
    const owner = await registerAndLogin(ctx.app);
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    expect((await cleaner({ method: 'GET', url: '/api/task-templates' })).statusCode).toBe(403);
    expect((await cleaner({ method: 'POST', url: '/api/task-templates', payload: { name: 'x', facilityType: 'hotel' } })).statusCode).toBe(
      403,
    );
    const manager = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'manager');
    expect(
      (await manager({ method: 'POST', url: '/api/task-templates', payload: { name: 'By manager', facilityType: 'hotel' } })).statusCode,
    ).toBe(201);
    expect((await list(owner.as)).map((t) => t.name)).toEqual(['By manager']);
  });
});

describe('task templates are per project', () => {
  it("project B can neither see, change nor delete project A's templates", async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const mine = (
      await a.as({ method: 'POST', url: '/api/task-templates', payload: { name: 'A only', facilityType: 'hotel' } })
    ).json() as TaskTemplate;
    expect(await list(b.as)).toEqual([]);
    expect(await list(b.as, 'hotel')).toEqual([]);
    const put = await b.as({ method: 'PUT', url: `/api/task-templates/${mine.id}`, payload: { name: 'Hijacked' } });
    expect(put.statusCode).toBe(404);
    expect((await b.as({ method: 'DELETE', url: `/api/task-templates/${mine.id}` })).statusCode).toBe(404);
    expect((await list(a.as)).map((t) => t.name)).toEqual(['A only']);
    // Defaults added by B land in B only, even though A has none.
    await b.as({ method: 'POST', url: '/api/task-templates/init-defaults', payload: { facilityType: 'hotel' } });
    expect(await list(a.as, 'hotel')).toHaveLength(1);
  });
});
