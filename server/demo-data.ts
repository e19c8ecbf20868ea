import { sql } from 'drizzle-orm';
import type { Database, Db } from './db/client.ts';
import type { Config } from './config.ts';
import {
  measurements,
  projects,
  shortages,
  taskCompletions,
  taskTemplates,
  tasks,
  units,
  users,
  workSessions,
  workers,
} from './db/schema/index.ts';
import { defaultTaskRows } from '#contract/default-tasks.ts';
import { deriveFloor } from '#contract/rooms.ts';
import { hashPassword, upsertPlatformAdmin } from './modules/auth/auth.service.ts';
import { randomToken } from './lib/ids.ts';
import { DEFAULT_PROJECT_TIME_ZONE, projectToday } from './lib/calendar.ts';

export const DEMO_MANAGER = { username: 'demo', password: 'demo1234' };
/** A site manager and a worker with an account in the demo project (docs/product.md "Users and roles"). */
export const DEMO_SITE_MANAGER = { username: 'avi', password: 'avi-manager1' };
export const DEMO_CLEANER = { username: 'noa', password: 'noa-worker1' };
export const DEMO_PLATFORM_ADMIN = { username: 'platform', password: 'platform1234' };

/**
 * DEMO_DATA decides when set; otherwise an empty embedded database is seeded, except in production:
 * the demo logins have known passwords.
 */
export function shouldSeedDemo(config: Pick<Config, 'demoData' | 'env'>, empty: boolean, kind: Database['kind']): boolean {
  return config.demoData ?? (empty && kind === 'pglite' && config.env !== 'production');
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects);
  return Number(row.n) === 0;
}

/**
 * A demo project: 50 apartments, the seven stages on each, some done today by named workers. The
 * project's task templates are the same seven stages, so the templates page lists what the units carry.
 */
export async function seedDemoData(db: Db, now = new Date()) {
  const today = projectToday({ timezone: DEFAULT_PROJECT_TIME_ZONE }, now);
  const passwordHash = await hashPassword(DEMO_MANAGER.password);
  const managerHash = await hashPassword(DEMO_SITE_MANAGER.password);
  const cleanerHash = await hashPassword(DEMO_CLEANER.password);
  await upsertPlatformAdmin(db, DEMO_PLATFORM_ADMIN.username, DEMO_PLATFORM_ADMIN.password);
  await db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({
        name: 'מגדלי הפארק — בניין A+B',
        facilityType: 'construction',
        qrId: randomToken(24),
        billingAnchor: today,
        cardToken: `sbx_${randomToken(18)}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        cardExpiryMonth: 12,
        cardExpiryYear: now.getUTCFullYear() + 3,
        cardHolderName: 'Dana Levi',
      })
      .returning();
    await tx.insert(users).values({
      projectId: project.id,
      username: DEMO_MANAGER.username,
      passwordHash,
      role: 'admin',
      isOwner: true,
      firstName: 'דנה',
      lastName: 'לוי',
      email: 'dana@example.com',
      phone: '050-1234567',
      city: 'תל אביב',
    });
    await tx.insert(users).values([
      {
        projectId: project.id,
        username: DEMO_SITE_MANAGER.username,
        passwordHash: managerHash,
        role: 'manager',
        firstName: 'אבי',
        lastName: 'כהן',
        email: 'avi@example.com',
      },
      {
        projectId: project.id,
        username: DEMO_CLEANER.username,
        passwordHash: cleanerHash,
        role: 'cleaner',
        firstName: 'נועה',
        lastName: 'מזרחי',
        email: 'noa@example.com',
      },
    ]);
    const labels = [...Array.from({ length: 25 }, (_, i) => `A${101 + i}`), ...Array.from({ length: 25 }, (_, i) => `B${201 + i}`)];
    const unitRows = await tx
      .insert(units)
      .values(
        labels.map((number) => ({
          projectId: project.id,
          number,
          floor: deriveFloor(number),
          type: 'apartment',
          facilityType: 'construction',
        })),
      )
      .returning({ id: units.id, number: units.number });
    const stages = defaultTaskRows();
    await tx.insert(taskTemplates).values(stages.map((s) => ({ ...s, projectId: project.id, facilityType: 'construction' })));
    const taskRows = await tx
      .insert(tasks)
      .values(unitRows.flatMap((u) => stages.map((s) => ({ ...s, projectId: project.id, unitId: u.id, recurrence: 'once' }))))
      .returning({ id: tasks.id, unitId: tasks.unitId, sortOrder: tasks.sortOrder });
    const names = ['יוסי כהן', 'Ahmad Nasser', 'Olena Shevchenko', 'Rajesh Kumar', 'Tesfaye Bekele'];
    await tx.insert(workers).values(names.map((name) => ({ projectId: project.id, name })));
    // The first 12 units: a growing number of stages done today, by rotating workers.
    const completions = [];
    const sessions = [];
    for (let i = 0; i < 12; i++) {
      const u = unitRows[i];
      const doneCount = i < 4 ? 7 : (i % 6) + 1;
      const worker = names[i % names.length];
      sessions.push({ projectId: project.id, unitId: u.id, workerName: worker, workDate: today });
      for (const t of taskRows.filter((t) => t.unitId === u.id && t.sortOrder <= doneCount)) {
        completions.push({
          projectId: project.id,
          taskId: t.id,
          unitId: u.id,
          workDate: today,
          period: 'once',
          workerName: worker,
          notes: t.sortOrder === 2 ? 'נבדק ללא ממצאים' : null,
          completedAt: new Date(now.getTime() - (12 - i) * 15 * 60_000 + t.sortOrder * 60_000),
        });
      }
    }
    await tx.insert(workSessions).values(sessions);
    await tx.insert(taskCompletions).values(completions);
    const unitId = (n: string) => unitRows.find((u) => u.number === n)!.id;
    await tx.insert(shortages).values([
      { projectId: project.id, unitId: unitId('A103'), name: 'ידית חלון', quantity: 2, reportedBy: names[0], notes: 'דירה A103, קומה 1' },
      {
        projectId: project.id,
        unitId: unitId('A108'),
        name: 'Tile adhesive 25 kg',
        quantity: 4,
        reportedBy: names[1],
        notes: 'דירה A108, קומה 1',
      },
      {
        projectId: project.id,
        unitId: unitId('B205'),
        name: 'שקע חשמל כפול',
        quantity: 3,
        reportedBy: names[3],
        notes: 'דירה B205, קומה 2',
        status: 'in_progress',
      },
    ]);
    await tx.insert(measurements).values([
      {
        projectId: project.id,
        unitId: unitId('A104'),
        name: 'משקוף דלת כניסה',
        height: 2100,
        width: 900,
        thickness: 120,
        quantity: 1,
        reportedBy: names[0],
        notes: 'דירה A104, קומה 1',
      },
      {
        projectId: project.id,
        unitId: unitId('B210'),
        name: 'Kitchen worktop',
        height: 40,
        width: 3200,
        thickness: 600,
        quantity: 1,
        reportedBy: names[2],
        notes: 'דירה B210, קומה 2',
      },
    ]);
  });
}
