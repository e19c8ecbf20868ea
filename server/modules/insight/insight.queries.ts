import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { bool, num, numOrNull, text, textOrNull, type RawRow } from '../../db/raw-rows.ts';
import { BREAK_MINUTES } from '#contract/insight.ts';
import { chunks } from '#contract/limits.ts';

/**
 * The statements behind statistics and employee performance (docs/product.md "Statistics" and
 * "Employee performance"). Each is one statement whatever the number of units, stages or
 * completions; every one is filtered by project. A period is a pair of the project's local dates,
 * both included: completions carry their local work date, so a stage done at 23:50 local time
 * counts on that day whatever UTC says. The embedded database reads the two longest (top workers,
 * workers of a period) a slice of units per statement instead (`…OfUnits`, merged in
 * insight.service.ts, docs/decisions/034-no-tenant-stalls.md).
 */
export interface Period {
  projectId: string;
  from: string;
  to: string;
}

/** A worker's name as a key: names that differ only in case or spacing are one worker. */
const workerKey = (column: SQL) => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;
const named = (column: SQL) => sql`${column} is not null and btrim(${column}) <> ''`;
/**
 * `table alias`, or with `unitIds` only the project's rows of those units, read unit by unit: each of
 * these tables has an index that begins (project_id, unit_id), so a slice of units costs its own rows
 * wherever it is in the project. `offset 0` keeps the planner from joining the slice to the whole
 * table instead, which it preferred, a slice being a tenth of the project.
 */
const ofUnits = (table: SQL, alias: SQL, projectId: string, unitIds?: string[]) =>
  unitIds
    ? sql`unnest(${`{${unitIds.join(',')}}`}::uuid[]) as slice(unit_id)
      cross join lateral (select * from ${table} where project_id = ${projectId} and unit_id = slice.unit_id offset 0) ${alias}`
    : sql`${table} ${alias}`;
/** A timestamp as microseconds since 1970, exact in a float8 (and a JS number) until the year 2255. */
const micros = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::float8`;

/**
 * The ids of the project's units, in id order: what the workers' reads walk over on the embedded
 * database, a slice at a time. A unit without work in the period adds nothing to them; listing only
 * the units worked in took 0.3 s for 90 days at 5,000 units, longer than any slice.
 */
export async function listUnitIds(db: Db, projectId: string): Promise<string[]> {
  const result = await db.execute(sql`select id from units where project_id = ${projectId} order by id`);
  return rowsOf(result).map((r) => text(r.id));
}

/**
 * Each unit of the project with its stages (docs/product.md "Statistics"): its floor, its once-stages
 * and how many of them stand done, its daily routines, and for each date of `froms` how many
 * once-stages were done before it. Statistics and KPI take from it the stages open in a period (a
 * once-stage not done before the period counts once, a daily routine once per day) and the progress
 * per floor, so the project's tasks are read once per screen, not once per figure: each read was a
 * look-up per task, 0.1–0.13 s for the biggest project of `bench:scale`
 * (docs/decisions/037-reads-that-stay-fast.md, "One pass over the tasks").
 * Units, tasks and the once-stages' completions are read side by side and grouped, not joined: no
 * planner can turn that quadratic (joined, PGlite without statistics took 28 s). When each
 * once-stage was done comes from `task_completions_once_unit_idx` alone, the project's entries side
 * by side: a look-up per task in the unique index by task took 180 ms of the 200–270 of every
 * statistics and KPI read of the biggest project of `bench:scale --full`
 * (docs/decisions/048-once-stages-from-one-index.md). A task has one standing completion per period
 * (`task_completions_task_period_uq`); one of a task that is no longer a once-stage does not count.
 */
export interface UnitStages {
  unitId: string;
  floor: number | null;
  onceStages: number;
  onceDone: number;
  dailyTasks: number;
  /** Once-stages done before each date of `froms`, in its order. */
  doneBefore: number[];
}

export async function listUnitStages(db: Db, projectId: string, froms: string[]): Promise<UnitStages[]> {
  const before = froms.map((from, i) => sql`, count(*) filter (where x.done_on < ${from}::date)::int as ${sql.raw(`before_${i}`)}`);
  const result = await db.execute(sql`
    select x.unit_id, max(x.floor) as floor,
      count(*) filter (where x.recurrence = 'once')::int as once_stages,
      count(x.done_on)::int as once_done,
      count(*) filter (where x.recurrence <> 'once')::int as daily_tasks
      ${sql.join(before, sql``)}
    from (
      select u.id as unit_id, u.floor, null::text as recurrence, null::date as done_on
      from units u where u.project_id = ${projectId}
      union all
      select per_task.unit_id, null::int, per_task.recurrence, per_task.done_on
      from (
        select s.unit_id, max(s.recurrence) as recurrence, case when max(s.recurrence) = 'once' then max(s.done_on) end as done_on
        from (
          select t.unit_id, t.id as task_id, t.recurrence, null::date as done_on
          from tasks t where t.project_id = ${projectId}
          union all
          select c.unit_id, c.task_id, null::text, c.work_date from task_completions c
          where c.project_id = ${projectId} and (c.period = 'once' and c.reopened_at is null) is true
        ) s
        group by s.unit_id, s.task_id
      ) per_task
      where per_task.recurrence is not null
    ) x
    group by x.unit_id`);
  return rowsOf(result).map((r) => ({
    unitId: text(r.unit_id),
    floor: numOrNull(r.floor),
    onceStages: num(r.once_stages),
    onceDone: num(r.once_done),
    dailyTasks: num(r.daily_tasks),
    doneBefore: froms.map((_, i) => num(r[`before_${i}`])),
  }));
}

/**
 * Stages done (not undone, not sent back) per local day of the period; days without any are absent.
 * A screen asks once for its period and the one before together and sums the days: three reads of
 * the same index range (two counts and the days) were one more pass over the period's completions.
 */
export async function completionsPerDay(db: Db, p: Period): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select to_char(work_date, 'YYYY-MM-DD') as day, count(*)::int as n
    from task_completions
    where project_id = ${p.projectId} and work_date between ${p.from}::date and ${p.to}::date and reopened_at is null
    group by work_date`);
  return new Map(rowsOf(result).map((r) => [text(r.day), num(r.n)]));
}

export interface TopWorkerRow {
  name: string;
  completed: number;
  /** The units the worker worked in during the period (signed in or completed a stage), in id order. */
  unitIds: string[];
}

/**
 * Unit ids as `worked_units` gives them: one comma-separated text, an id repeated when a worker was
 * written two ways; here once each, in id order.
 */
const unitIdsOf = (value: unknown): string[] => (typeof value === 'string' && value !== '' ? [...new Set(value.split(','))] : []).sort();

/**
 * Who worked where in the period: `done` (completions per name as written and unit), `signed_in`,
 * `names` (each name's worker key) and `worked_units` (per worker key, the units worked in, as text);
 * `unitIds`: only these units. The stages open in those units are counted from listUnitStages, which
 * the screen reads anyway: counting them here read every task of the project once more.
 */
const workedCtes = (p: Period, unitIds?: string[]) => {
  return sql`
    -- Completions per name as written and unit, first: the worker key (a regular expression) is
    -- then computed once per name, and what is grouped and sorted by it is a few rows per unit,
    -- not every completion (on the embedded database that was half of the statement).
    done as (
      select c.worker_name, c.unit_id, count(*)::int as n, max(c.completed_at) as last_at
      from ${ofUnits(sql`task_completions`, sql`c`, p.projectId, unitIds)}
      where c.project_id = ${p.projectId} and c.work_date between ${p.from}::date and ${p.to}::date
        and c.reopened_at is null and ${named(sql`c.worker_name`)}
      group by c.worker_name, c.unit_id
    ),
    signed_in as (
      select distinct s.worker_name, s.unit_id from ${ofUnits(sql`work_sessions`, sql`s`, p.projectId, unitIds)}
      where s.project_id = ${p.projectId} and s.work_date between ${p.from}::date and ${p.to}::date
    ),
    names as (
      select worker_name, ${workerKey(sql`worker_name`)} as k
      from (select worker_name from done union select worker_name from signed_in) n
    ),
    -- Units per name as written first, then per key: no join handles more than one row per name.
    name_units as (
      select worker_name, string_agg(unit_id::text, ',') as units
      from (select worker_name, unit_id from done union select worker_name, unit_id from signed_in) w
      group by worker_name
    ),
    worked_units as (
      select names.k, string_agg(name_units.units, ',') as units
      from name_units join names using (worker_name) group by names.k
    )`;
};

/**
 * The workers of the period, most done first. Their units travel as one comma-separated text per
 * worker (`worked_units`), not an array: parsing 20 arrays of ~2,000 ids took a quarter of the
 * statement's time for 90 days of the biggest project of `bench:scale`; and everything is summed
 * per name as written before the worker key joins the names, so no join or sort handles more than
 * one row per name (docs/decisions/042-statistics-per-name.md).
 */
export async function topWorkers(db: Db, p: Period): Promise<TopWorkerRow[]> {
  const result = await db.execute(sql`
    with ${workedCtes(p)},
    per_name as (
      select worker_name, sum(n)::int as n, max(last_at) as last_at from done group by worker_name
    ),
    per as (
      select names.k, sum(per_name.n)::int as n, (array_agg(btrim(per_name.worker_name) order by per_name.last_at desc))[1] as name
      from per_name join names using (worker_name) group by names.k
    )
    select per.name, per.n, wu.units
    from per
    left join worked_units wu on wu.k = per.k
    order by per.n desc, per.name`);
  return rowsOf(result).map((r) => ({ name: text(r.name), completed: num(r.n), unitIds: unitIdsOf(r.units) }));
}

/** topWorkers' figures within a slice of units, per worker key; a worker who only signed in there has 0 done and no name. */
export interface TopWorkerPart {
  key: string;
  completed: number;
  unitIds: string[];
  /** The name as last written there (trimmed), and when (µs since 1970). */
  name: string | null;
  lastAtUs: number | null;
}

/** topWorkers within `unitIds` (listUnitIds): slices of units add up, being disjoint. */
export async function topWorkersOfUnits(db: Db, p: Period & { unitIds: string[] }): Promise<TopWorkerPart[]> {
  const result = await db.execute(sql`
    with ${workedCtes(p, p.unitIds)},
    per as (
      select names.k, sum(done.n)::int as n, (array_agg(btrim(done.worker_name) order by done.last_at desc))[1] as name,
        max(done.last_at) as last_at
      from done join names using (worker_name) group by names.k
    )
    select wu.k, coalesce(per.n, 0)::int as n, wu.units, per.name, ${micros(sql`per.last_at`)} as last_us
    from worked_units wu
    left join per on per.k = wu.k`);
  return rowsOf(result).map((r) => ({
    key: text(r.k),
    completed: num(r.n),
    unitIds: unitIdsOf(r.units),
    name: textOrNull(r.name),
    lastAtUs: numOrNull(r.last_us),
  }));
}

/** Top workers merged from slices, in topWorkers' order: most done first, then by name in the database's collation. */
export async function sortTopWorkers(db: Db, rows: TopWorkerRow[]): Promise<TopWorkerRow[]> {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    select w.i
    from jsonb_to_recordset(${JSON.stringify(rows.map((r, i) => ({ i, name: r.name, completed: r.completed })))}::jsonb)
      as w(i int, name text, completed int)
    order by w.completed desc, w.name`);
  return rowsOf(result).map((r) => rows[num(r.i)]);
}

export interface WorkerPeriodRow {
  key: string;
  name: string;
  completed: number;
  units: number;
  /** Sum over the worker's stages of 0.5 for a photo attached and 0.5 for being done in order. */
  quality: number;
  /** Estimated minutes of the stages done. */
  estimated: number;
  /** Minutes the stages took: each since the worker's previous stage or sign-in that day (see below). */
  minutes: number;
}

/**
 * A worker's figures of one local day, what WorkerPeriodRow sums: the days of a period add up but
 * for the units, which are a union, and the name, the one written last (sumWorkerDays).
 */
export interface WorkerDayRow {
  key: string;
  day: string;
  name: string;
  /** When the name was last written that day, in µs since 1970. */
  lastAtUs: number;
  completed: number;
  /** The units of the stages done, each once. */
  unitIds: string[];
  quality: number;
  estimated: number;
  minutes: number;
}

const workerDayOf = (r: RawRow): WorkerDayRow => ({
  key: text(r.k),
  day: text(r.day),
  name: text(r.name),
  lastAtUs: num(r.last_us),
  completed: num(r.n),
  unitIds: typeof r.units === 'string' && r.units !== '' ? [...new Set(r.units.split(','))] : [],
  quality: num(r.quality),
  estimated: num(r.est),
  minutes: num(r.minutes),
});

/** The workers of a period from the days of their figures. */
export function sumWorkerDays(days: WorkerDayRow[]): WorkerPeriodRow[] {
  const workers = new Map<string, WorkerPeriodRow & { lastAtUs: number; unitIds: Set<string> }>();
  for (const d of days) {
    const w = workers.get(d.key);
    if (!w) {
      workers.set(d.key, { ...d, units: 0, unitIds: new Set(d.unitIds) });
      continue;
    }
    w.completed += d.completed;
    w.quality += d.quality;
    w.estimated += d.estimated;
    w.minutes += d.minutes;
    for (const id of d.unitIds) w.unitIds.add(id);
    if (d.lastAtUs > w.lastAtUs) {
      w.name = d.name;
      w.lastAtUs = d.lastAtUs;
    }
  }
  return [...workers.values()].map((w) => ({
    key: w.key,
    name: w.name,
    completed: w.completed,
    units: w.unitIds.size,
    quality: w.quality,
    estimated: w.estimated,
    minutes: w.minutes,
  }));
}

/**
 * Per worker over a period, what employee performance is computed from (docs/product.md "Employee
 * performance"). A stage is "in order" when no earlier once-stage of its unit was still open when it
 * was done. A stage took the time since the worker's previous stage or sign-in that day; the first
 * stage of a day without a sign-in before it, or one after a gap over BREAK_MINUTES (a break, the
 * night), counts its estimate.
 * The embedded database sums the same rows in TypeScript instead (workersInTurns in
 * insight.service.ts): a change to the formula here changes it there too (insight.test.ts compares them).
 */
export async function workersInPeriod(db: Db, p: Period): Promise<WorkerDayRow[]> {
  const result = await db.execute(sql`
    with ${doneCtes(p)},
    signins as (
      select worker_name, work_date, created_at as at
      from work_sessions
      where project_id = ${p.projectId} and work_date between ${p.from}::date and ${p.to}::date
    ),
    -- The worker key once per name as written, joined back by hash: computed per completion it was
    -- a regular expression for each of a month's 60,000 (docs/decisions/042-statistics-per-name.md).
    -- The key is compared byte by byte ("C"): only equal keys matter here, not their order.
    names as (
      select worker_name, ${workerKey(sql`worker_name`)} collate "C" as k
      from (select worker_name from done union select worker_name from signins) n
    ),
    events as (
      select names.k, done.work_date, done.completed_at as at, done.est from done join names using (worker_name)
      union all
      -- Sign-ins of workers without a stage in the period make partitions without stages: dropped below.
      select names.k, signins.work_date, signins.at, null::int from signins join names using (worker_name)
    ),
    gaps as (
      select k, work_date, est,
        extract(epoch from (at - lag(at) over (partition by k, work_date order by at, est nulls first))) / 60 as gap
      from events
    ),
    spans as (
      select k, work_date, sum(case when gap is null or gap > ${BREAK_MINUTES} then est else gap end)::float8 as minutes
      from gaps where est is not null group by k, work_date
    ),
    -- Per name as written, unit and day first (a hash of a few thousand rows), then per key and day.
    per_name as (
      select worker_name, unit_id, work_date, count(*)::int as n, sum(est)::int as est,
        sum((case when photo_url is not null then 0.5 else 0 end) + (case when in_order then 0.5 else 0 end))::float8 as quality,
        max(completed_at) as last_at
      from done group by worker_name, unit_id, work_date
    ),
    per as (
      select names.k, per_name.work_date, sum(n)::int as n, string_agg(unit_id::text, ',') as units, sum(est)::int as est,
        sum(quality)::float8 as quality, max(last_at) as last_at,
        (array_agg(btrim(per_name.worker_name) order by last_at desc))[1] as name
      from per_name join names using (worker_name) group by names.k, per_name.work_date
    )
    select per.k, to_char(per.work_date, 'YYYY-MM-DD') as day, per.name, ${micros(sql`per.last_at`)} as last_us, per.n, per.units,
      per.est, per.quality, spans.minutes
    from per join spans on spans.k = per.k and spans.work_date = per.work_date`);
  return rowsOf(result).map(workerDayOf);
}

/** A way of summing a day (`formula` of worker_day_marks): stored days summed another way are summed again. */
const WORKER_DAY_FORMULA = `1:${BREAK_MINUTES}`;

interface StoredWorkerDays {
  /** Days of the range with a mark, and the generation it stands at: what a day summed now is stored with. */
  gens: Map<string, number>;
  /** Days whose stored rows are of their current generation, and those rows. */
  fresh: Set<string>;
  rows: WorkerDayRow[];
}

/** The stored days of `p` (docs/decisions/043-worker-days.md): marks, and the rows of the fresh ones. */
export async function listStoredWorkerDays(db: Db, p: Period): Promise<StoredWorkerDays> {
  const fresh = sql`m.summed_gen = m.gen and m.formula = ${WORKER_DAY_FORMULA}`;
  const result = await db.execute(sql`
    select to_char(m.work_date, 'YYYY-MM-DD') as mark_day, m.gen, coalesce(${fresh}, false) as fresh,
      d.k, to_char(d.work_date, 'YYYY-MM-DD') as day, d.name, ${micros(sql`d.last_at`)} as last_us, d.completed as n, d.units,
      d.estimated as est, d.quality, d.minutes
    from worker_day_marks m
    left join worker_days d on ${fresh} and d.project_id = m.project_id and d.work_date = m.work_date
    where m.project_id = ${p.projectId} and m.work_date between ${p.from}::date and ${p.to}::date`);
  const stored: StoredWorkerDays = { gens: new Map(), fresh: new Set(), rows: [] };
  for (const r of rowsOf(result)) {
    const day = text(r.mark_day);
    stored.gens.set(day, num(r.gen));
    if (!bool(r.fresh)) continue;
    stored.fresh.add(day);
    if (r.k !== null) stored.rows.push(workerDayOf(r));
  }
  return stored;
}

/** Rows per insert of storeWorkerDays: a month of the biggest project of `bench:scale` is ~600, with ~2 MB of unit ids. */
const WORKER_DAY_ROWS_PER_INSERT = 500;

/**
 * Stores the rows of `days` (each summed at the generation given), all in one transaction: a day
 * whose generation moved on since is skipped, its rows being of an older state. Returns the days
 * stored. The marks are locked in day order, as the triggers of migration 0019 lock them.
 */
export async function storeWorkerDays(db: Db, projectId: string, days: Map<string, number>, rows: WorkerDayRow[]): Promise<string[]> {
  if (days.size === 0) return [];
  const marks = JSON.stringify([...days].map(([day, gen]) => ({ day, gen })));
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      insert into worker_day_marks as m (project_id, work_date, gen, summed_gen, formula)
      select ${projectId}::uuid, x.day, x.gen, x.gen, ${WORKER_DAY_FORMULA}
      from jsonb_to_recordset(${marks}::jsonb) as x(day date, gen bigint)
      order by x.day
      on conflict (project_id, work_date) do update set summed_gen = excluded.gen, formula = excluded.formula
        where m.gen = excluded.gen
      returning to_char(work_date, 'YYYY-MM-DD') as day`);
    const stored = rowsOf(claimed).map((r) => text(r.day));
    if (stored.length === 0) return [];
    const kept = new Set(stored);
    await tx.execute(sql`delete from worker_days where project_id = ${projectId} and work_date = any(${`{${stored.join(',')}}`}::date[])`);
    const values = rows.filter((r) => kept.has(r.day)).map(({ unitIds, ...r }) => ({ ...r, units: unitIds.join(',') }));
    for (const part of chunks(values, WORKER_DAY_ROWS_PER_INSERT)) {
      await tx.execute(sql`
        insert into worker_days (project_id, work_date, k, name, last_at, completed, estimated, quality, minutes, units)
        select ${projectId}::uuid, x.day, x.key, x.name, to_timestamp(0) + x.last_us * interval '1 microsecond', x.completed,
          x.estimated, x.quality, x.minutes, x.units
        from jsonb_to_recordset(${JSON.stringify(part.map(({ lastAtUs, ...r }) => ({ ...r, last_us: lastAtUs })))}::jsonb)
          as x(day date, key text, name text, last_us float8, completed int, estimated int, quality float8, minutes float8, units text)`);
    }
    return stored;
  });
}

/**
 * The stages done in the period by a named worker (`done`: unit, work date, completed_at, worker
 * name and key, photo, estimate, in order); `unitIds`: only these units. The order of once-stages is
 * within a unit, so a slice of units reads the same rows as the whole project.
 */
const doneCtes = (p: Period, unitIds?: string[]) => sql`
    ${
      unitIds
        ? sql``
        : sql`-- The units where a once-stage was done in the period, read once by day and hashed: probing
    -- every task for it read each unit's whole history once per task (2.9 s for a month of the
    -- biggest project of \`bench:scale\`, docs/decisions/037-reads-that-stay-fast.md).
    worked_units as materialized (
      select distinct unit_id from task_completions
      where project_id = ${p.projectId} and work_date between ${p.from}::date and ${p.to}::date
        and period = 'once' and reopened_at is null
    ),`
    }
    once_stages as (
      -- Every once-stage of the units worked in during the period, with when the stages before it
      -- were done (infinity while one is open): one pass per unit, no look-up per completion.
      select t.unit_id, t.estimated_minutes as est, c.work_date, c.completed_at, c.worker_name, c.photo_url,
        max(coalesce(c.completed_at, 'infinity'::timestamptz))
          over (partition by t.unit_id order by t.sort_order range between unbounded preceding and 1 preceding) as earlier_done
      ${
        unitIds
          ? sql`from ${ofUnits(sql`tasks`, sql`t`, p.projectId, unitIds)}
      -- Each task's completion by the task: a look-up per task of the slice, never the project's completions.
      left join lateral (
        select c.work_date, c.completed_at, c.worker_name, c.photo_url from task_completions c
        where c.task_id = t.id and c.project_id = ${p.projectId} and c.period = 'once' and c.reopened_at is null
      ) c on true
      where t.project_id = ${p.projectId} and t.recurrence = 'once'`
          : sql`from tasks t
      left join task_completions c on c.task_id = t.id and c.period = 'once' and c.reopened_at is null
      where t.project_id = ${p.projectId} and t.recurrence = 'once'
        and t.unit_id in (select unit_id from worked_units)`
      }
    ),
    done as (
      select unit_id, work_date, completed_at, worker_name, photo_url, est,
        (earlier_done is null or earlier_done <= completed_at) as in_order
      from once_stages
      where work_date between ${p.from}::date and ${p.to}::date and ${named(sql`worker_name`)}
      union all
      -- Daily routines have no order.
      select c.unit_id, c.work_date, c.completed_at, c.worker_name, c.photo_url, t.estimated_minutes, true
      from ${ofUnits(sql`task_completions`, sql`c`, p.projectId, unitIds)}
      join tasks t on t.id = c.task_id and t.project_id = ${p.projectId}
      where c.project_id = ${p.projectId} and c.work_date between ${p.from}::date and ${p.to}::date
        and c.period <> 'once' and c.reopened_at is null and ${named(sql`c.worker_name`)}
    )`;

/**
 * A stage done or a sign-in within a slice of units (workersInPeriod's `events`), with what the
 * statement keeps of a stage: the per-worker sums are made from these in insight.service.ts.
 */
export interface WorkEventRow {
  unitId: string;
  key: string;
  day: string;
  /** When, in µs since 1970: exact, as the statement's gaps are. */
  atUs: number;
  /** The stage done; null for a sign-in. */
  stage: { name: string; photo: boolean; inOrder: boolean; est: number } | null;
}

/** workersInPeriod's stages done and sign-ins in `unitIds` (listUnitIds). */
export async function listWorkEventsOfUnits(db: Db, p: Period & { unitIds: string[] }): Promise<WorkEventRow[]> {
  const result = await db.execute(sql`
    with ${doneCtes(p, p.unitIds)}
    select unit_id, ${workerKey(sql`worker_name`)} as k, to_char(work_date, 'YYYY-MM-DD') as day, ${micros(sql`completed_at`)} as at_us,
      btrim(worker_name) as name, photo_url is not null as photo, in_order, est
    from done
    union all
    select s.unit_id, ${workerKey(sql`s.worker_name`)}, to_char(s.work_date, 'YYYY-MM-DD'), ${micros(sql`s.created_at`)},
      null, null, null, null
    from ${ofUnits(sql`work_sessions`, sql`s`, p.projectId, p.unitIds)}
    where s.project_id = ${p.projectId} and s.work_date between ${p.from}::date and ${p.to}::date`);
  return rowsOf(result).map((r) => {
    const est = numOrNull(r.est);
    return {
      unitId: text(r.unit_id),
      key: text(r.k),
      day: text(r.day),
      atUs: num(r.at_us),
      stage: est === null ? null : { name: text(r.name), photo: bool(r.photo), inOrder: bool(r.in_order), est },
    };
  });
}

/** A period read against the time a manager reviewed: reviews carry a time, not a work date. */
export interface ReviewPeriod extends Period {
  timezone: string;
}

/** Reviews of completions that were not undone: an undone completion counts nowhere (docs/product.md "Statistics"). */
const reviewsKept = (projectId: string) => sql`
  select r.task_id, c.period, r.decision, r.created_at
  from task_reviews r
  join task_completions c on c.id = r.completion_id and c.project_id = ${projectId}
  where r.project_id = ${projectId} and c.reopened_as is distinct from 'undone'`;

export interface FirstTimeRow {
  /** Stages (task and period) whose last review falls in the period. */
  reviewed: number;
  /** Of those, the ones whose first review was an acceptance. */
  firstTime: number;
}

/**
 * First-time quality (docs/product.md "Statistics"): per stage (task and period) whose last review
 * falls in the period, by the project's local date, whether its first review ever was an acceptance.
 * A rejection sorts before an acceptance at the same instant: a stage is accepted after a rejection
 * only by a later completion.
 */
export async function firstTimeQuality(db: Db, p: ReviewPeriod): Promise<FirstTimeRow> {
  const result = await db.execute(sql`
    with kept as (${reviewsKept(p.projectId)}),
    rounds as (
      select task_id, period, max(created_at) as last_at,
        (array_agg(decision order by created_at, decision desc))[1] as first_decision
      from kept group by task_id, period
    )
    select count(*)::int as reviewed, count(*) filter (where first_decision = 'accepted')::int as first_time
    from rounds
    where (last_at at time zone ${p.timezone})::date between ${p.from}::date and ${p.to}::date`);
  const [row] = rowsOf(result);
  return { reviewed: num(row.reviewed), firstTime: num(row.first_time) };
}

export interface SentBackRow {
  taskName: string;
  sentBack: number;
}

/** Rejections given in the period, by the project's local date, per stage name (its template): most first. */
export async function sentBackPerStage(db: Db, p: ReviewPeriod): Promise<SentBackRow[]> {
  const result = await db.execute(sql`
    with kept as (${reviewsKept(p.projectId)})
    select t.name, count(*)::int as n
    from kept
    join tasks t on t.id = kept.task_id and t.project_id = ${p.projectId}
    where kept.decision = 'rejected'
      and (kept.created_at at time zone ${p.timezone})::date between ${p.from}::date and ${p.to}::date
    group by t.name
    order by n desc, t.name`);
  return rowsOf(result).map((r) => ({ taskName: text(r.name), sentBack: num(r.n) }));
}

export interface SentBackWorkerRow {
  key: string;
  name: string;
  sentBack: number;
}

/**
 * Per worker, their completions of the period (by work date, as stages done) that a manager sent
 * back. Undone completions are not here: they count nowhere (docs/product.md "Employee performance").
 */
export async function sentBackPerWorker(db: Db, p: Period): Promise<SentBackWorkerRow[]> {
  const result = await db.execute(sql`
    select ${workerKey(sql`worker_name`)} as k, count(*)::int as n,
      (array_agg(btrim(worker_name) order by completed_at desc))[1] as name
    from task_completions
    where project_id = ${p.projectId} and work_date between ${p.from}::date and ${p.to}::date
      and reopened_as = 'rejected' and ${named(sql`worker_name`)}
    group by 1`);
  return rowsOf(result).map((r) => ({ key: text(r.k), name: text(r.name), sentBack: num(r.n) }));
}
