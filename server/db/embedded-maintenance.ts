import type { PGlite } from '@electric-sql/pglite';

/**
 * Autovacuum for the embedded database (docs/decisions/038-embedded-maintenance.md). PGlite runs
 * PostgreSQL in single-user mode, where the autovacuum launcher never starts: without this, its
 * planner has no statistics on any table (every plan is guessed from page counts) and dead rows
 * are never reclaimed. The same thresholds as PostgreSQL's autovacuum decide which tables are due;
 * each is vacuumed or analyzed on its own statement, so other requests get the one connection back
 * between tables, and a pass that runs often has little to do (vacuum skips pages that have not
 * changed since the last one).
 */

/** PostgreSQL's autovacuum defaults (autovacuum_*_threshold and *_scale_factor). */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const VACUUM_INSERT_THRESHOLD = 1000;
const VACUUM_INSERT_SCALE = 0.2;

/** How often the server checks, when it runs the maintenance itself. */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 60_000;

export interface TableDue {
  /** Schema-qualified and quoted, ready for a statement. */
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

export interface MaintenanceStep {
  table: string;
  action: 'vacuum' | 'analyze';
  ms: number;
}

/**
 * Tables whose changes since their last analyze or vacuum pass autovacuum's thresholds. A table
 * never analyzed counts its rows as 0, so any table with 50 changed rows is due. The counters are
 * PostgreSQL's cumulative statistics, which a session flushes at most once a second and which
 * start again from zero after a crash; so a table with rows and no statistics at all (a data
 * directory from before this pass existed, or counters lost) is analyzed whatever they say.
 */
export async function tablesDue(pglite: PGlite): Promise<TableDue[]> {
  const { rows } = await pglite.query<{ table: string; vacuum: boolean; analyze: boolean }>(
    `select format('%I.%I', s.schemaname, s.relname) as "table",
            (s.n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE} * greatest(c.reltuples, 0)
             or s.n_ins_since_vacuum > ${VACUUM_INSERT_THRESHOLD} + ${VACUUM_INSERT_SCALE} * greatest(c.reltuples, 0)) as vacuum,
            (s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0)
             or (pg_relation_size(c.oid) > 0 and not exists (select from pg_statistic p where p.starelid = c.oid))) as analyze
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.n_mod_since_analyze desc`,
  );
  return rows.filter((r) => r.vacuum || r.analyze);
}

/** One pass: every table due is vacuumed and/or analyzed, one statement at a time. */
export async function maintainEmbedded(pglite: PGlite): Promise<MaintenanceStep[]> {
  const steps: MaintenanceStep[] = [];
  for (const due of await tablesDue(pglite)) {
    for (const action of ['vacuum', 'analyze'] as const) {
      if (!due[action]) continue;
      const t0 = performance.now();
      await pglite.exec(`${action} ${due.table}`);
      steps.push({ table: due.table, action, ms: Math.round(performance.now() - t0) });
    }
  }
  return steps;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EmbeddedMaintenance {
  /** Stops the timer; resolves when a pass under way has finished. */
  stop(): Promise<void>;
}

/**
 * Runs a pass at once (a data directory from before this existed has never been analyzed) and
 * then every `intervalMs`, never two at a time. A failed pass is logged and tried again next time.
 */
export function startEmbeddedMaintenance(pglite: PGlite, log: Logger, intervalMs = EMBEDDED_MAINTENANCE_INTERVAL_MS): EmbeddedMaintenance {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      const steps = await maintainEmbedded(pglite);
      if (steps.length > 0) log.info({ steps }, 'embedded database maintenance');
    } catch (err) {
      log.warn({ err: { message: (err as Error).message } }, 'embedded database maintenance failed');
    }
  };
  const tick = () => {
    if (stopped) return;
    running = pass().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs).unref();
    });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
