import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { DEFAULT_PROJECT_TIME_ZONE } from '../server/lib/calendar.ts';

/**
 * History for one project already holding units and once-stages, filled in SQL (insert … select
 * generate_series, the way bench/scale.ts fills PostgreSQL): `days` of work by 12 workers —
 * 60% of the once-stages done at a day of their own, 1 in 20 of those sent back once before
 * (a reopened 'rejected' row beside the standing one), some undone; a daily round per unit done every
 * third day; a work session per unit every fifth day. One statement per `execute` (the embedded
 * database takes one at a time), each of a bounded size (≤ ~25,000 rows on 5,000 units), so none
 * holds the database long. Returns the rows added per table.
 */
export async function fillHistory(db: Db, projectId: string, days: number, log: (line: string) => void = () => undefined) {
  const tz = DEFAULT_PROJECT_TIME_ZONE;
  const counts = { tasks: 0, completions: 0, workSessions: 0 };
  const run = async (label: string, query: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    const r = (await db.execute(query)) as unknown as { rowCount?: number; affectedRows?: number };
    const n = Number(r.rowCount ?? r.affectedRows ?? 0);
    log(`  ${label.padEnd(34)} ${String(n).padStart(8)} rows ${(performance.now() - t0).toFixed(0).padStart(7)} ms`);
    return n;
  };
  const today = sql`(now() at time zone ${tz})::date`;
  const at = (day: ReturnType<typeof sql>, minutes: ReturnType<typeof sql>) =>
    sql`((${day}) + time '07:00' + make_interval(mins => (${minutes})::int)) at time zone ${tz}`;

  await run(
    'workers',
    sql`insert into workers (project_id, name) select ${projectId}::uuid, 'Worker ' || w from generate_series(0, 11) w on conflict do nothing`,
  );
  counts.tasks = await run(
    'daily rounds (one per unit)',
    sql`insert into tasks (project_id, unit_id, name, sort_order, recurrence)
        select project_id, id, 'Daily round', 100, 'daily' from units where project_id = ${projectId}::uuid`,
  );
  // Once-stages, in ten slices by a hash of the task id.
  for (let k = 0; k < 10; k++) {
    counts.completions += await run(
      `once-stages done, slice ${k + 1}/10`,
      sql`insert into task_completions (project_id, task_id, unit_id, work_date, period, worker_name, completed_at, received_at,
            review_status, reopened_at, reopened_as)
          select t.project_id, t.id, t.unit_id, ${today} - d - r.back, 'once', 'Worker ' || (h % 12),
            ${at(sql`${today} - d - r.back`, sql`h % 600`)}, ${at(sql`${today} - d - r.back`, sql`h % 600`)},
            case when r.kind = 'rejected' then 'rejected' when r.kind = 'undone' or d <= 7 then 'pending' else 'accepted' end,
            case when r.kind <> 'standing' then ${at(sql`${today} - d - r.back + 1`, sql`h % 600`)} end,
            case when r.kind <> 'standing' then r.kind end
          from tasks t
          cross join lateral (select abs(hashtext(t.id::text)) h) hh
          cross join lateral (select (h / 7) % ${days}::int d) dd
          cross join lateral (values ('standing', 0), ('rejected', 2), ('undone', 1)) r(kind, back)
          where t.project_id = ${projectId}::uuid and t.recurrence = 'once' and (h / 1000) % 10 = ${k}
            and case r.kind
              when 'standing' then h % 5 < 3
              when 'rejected' then h % 20 = 0 and d + 2 < ${days}::int
              else h % 25 = 3 and d + 1 < ${days}::int end`,
    );
  }
  // The daily round, every third day at a phase of its own, in slices of 15 days.
  for (let from = 0; from < days; from += 15) {
    counts.completions += await run(
      `daily rounds, days ${from}–${Math.min(days, from + 15) - 1} ago`,
      sql`insert into task_completions (project_id, task_id, unit_id, work_date, period, worker_name, completed_at, received_at, review_status)
          select t.project_id, t.id, t.unit_id, ${today} - k, (${today} - k)::text, 'Worker ' || ((h + k) % 12),
            ${at(sql`${today} - k`, sql`(h + k) % 600`)}, ${at(sql`${today} - k`, sql`(h + k) % 600`)},
            case when k > 7 then 'accepted' else 'pending' end
          from tasks t cross join lateral (select abs(hashtext(t.id::text)) h) hh,
            generate_series(${from}::int, least(${days}::int, ${from + 15}::int) - 1) k
          where t.project_id = ${projectId}::uuid and t.recurrence = 'daily' and (h + k) % 3 = 0`,
    );
  }
  for (let from = 0; from < days; from += 30) {
    counts.workSessions += await run(
      `work sessions, days ${from}–${Math.min(days, from + 30) - 1} ago`,
      sql`insert into work_sessions (project_id, unit_id, worker_name, floor_number, status, work_date, created_at, updated_at)
          select u.project_id, u.id, 'Worker ' || ((h + k) % 12), u.floor, case when k = 0 then 'active' else 'completed' end,
            ${today} - k, ${at(sql`${today} - k`, sql`h % 600`)}, ${at(sql`${today} - k`, sql`h % 600 + 240`)}
          from units u cross join lateral (select abs(hashtext(u.id::text)) h) hh,
            generate_series(${from}::int, least(${days}::int, ${from + 30}::int) - 1) k
          where u.project_id = ${projectId}::uuid and (h + k) % 5 = 0`,
    );
  }
  return counts;
}
