/**
 * Reliability harness: the real server as a child process under a crew's normal load, killed with
 * SIGKILL mid-run and restarted on the same data, then stopped with SIGTERM under the same load and
 * started again, on the embedded database and on PostgreSQL. On PostgreSQL, where the machine can
 * start a cluster of the harness's own (initdb), that cluster is also restarted (`-m immediate`, as a
 * failover looks to the server) before the kill: the server must stay up through it.
 *
 *   npm run bench:load               # about 60 s per mode
 *   npm run bench:load -- --short    # about 20–30 s per mode (CI); or BENCH_LOAD_SECONDS=…
 *
 * W workers share ONE address (127.0.0.1), each with its own device id (docs/decisions/012-worker-rate-limits.md),
 * refreshing their task list and completing a stage every few seconds (paced to stay under the
 * per-device limits), 5% of completions sent again with the same Idempotency-Key. M manager
 * screens hold the live stream and refetch the map on events at most once per 2 s
 * (docs/decisions/016-live-updates-without-storms.md). A failed completion is retried with its key,
 * like the worker page's outbox, honouring Retry-After.
 *
 * Half the units also get a shortage report (Idempotency-Key, retried the same way). Each worker
 * photographs a stage every PHOTO_EVERY_MS (upload address, the bytes — ~40 kB or ~1 MB — then the
 * completion); every photo of an acknowledged completion must be in the store byte for byte.
 * At the end every completion the client saw acknowledged (200) and every acknowledged report (201)
 * must be in the database exactly once. Exits non-zero on a lost or duplicated write, on any 429 (all traffic comes from one
 * address), on a 5xx outside a disruption's window, on a request on a new connection reset by the
 * SIGTERM (docs/decisions/010-crash-safety.md promises none; more than two sent on idle kept-alive
 * connections as the drain ends, a race HTTP/1.1 leaves, fail it too), on a server that died by itself or took more
 * than 10 s to stop, or on an unexpected answer.
 *
 * Loopback only; bounded in time; kills only the child servers it started, by PID. PostgreSQL runs
 * in a cluster started here (or, without initdb, a database created on BENCH_DATABASE_URL), removed at
 * the end; the shared PostgreSQL server is never restarted.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../server/db/client.ts';
import { projects, tasks } from '../server/db/schema/index.ts';
import { startChildServer, freePort, type ChildServer } from '../server/test/child-server.ts';
import { canStartCluster, startThrowawayCluster } from '../server/test/pg-cluster.ts';
import { SHUTDOWN_HARD_LIMIT_MS } from '../server/lib/shutdown.ts';
import { storageFor } from '../server/storage/choose-storage.ts';
import { REFETCH_GAP_MS } from '../web/src/app/live-updates.ts';
import { percentile, seedMap, signIn } from './lib.ts';

const short = process.argv.includes('--short');
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? (short ? 24 : 60));
/** Enough open stages that the crew is still at work at the last disruption (about two open stages without a photo per unit). */
const UNITS = Number(process.env.BENCH_LOAD_UNITS ?? Math.max(200, SECONDS * 12));
const WORKERS = Number(process.env.BENCH_LOAD_WORKERS ?? 20);
const SCREENS = Number(process.env.BENCH_LOAD_SCREENS ?? 3);
/** Per device: a completion about every second (≈60/min, half its limit of 120) and a list refresh every 3 s (≈20/min, limit 240). */
const COMPLETE_EVERY_MS = Number(process.env.BENCH_LOAD_COMPLETE_MS ?? 1000);
const REFRESH_EVERY_MS = 3000;
const REPLAY_SHARE = 0.05;
/** A worker photographs a stage at most this often (a phone may hold 10 upload addresses per 2 minutes); 30% of photos are ~1 MB, the rest ~40 kB. */
const PHOTO_EVERY_MS = 15_000;
const BIG_PHOTO_SHARE = 0.3;
/** The database restart (where the harness has its own cluster), the kill and the SIGTERM come at these shares of the run. */
const DB_RESTART_AT = 0.2;
const KILL_AT = 0.45;
const TERM_AT = 0.75;
/** After the server answers again, a 5xx is still counted as the disruption's for this long. */
const KILL_GRACE_MS = 2000;
/** Retries still open at the end get this long to finish; then they count as unacknowledged. */
const DRAIN_MS = 15_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Kept-alive races tolerated per run: each needs a request sent in the instant the drain ends, and a
 * crew of 20 sends about 25 a second. More means the gate closes kept-alive connections early.
 */
const MAX_KEPT_ALIVE_RACES = 2;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (ms: number) => ms * (0.75 + Math.random() * 0.5);

export interface Stats {
  requests: number;
  completionsSent: number;
  acknowledged: Map<string, { key: string; completedAt: string }>;
  replays: number;
  /** Shortage reports answered 201: idempotency key → report id. */
  shortages: Map<string, string>;
  /** Acknowledged only after a retry: the completions the kill caught in flight or while down. */
  ackedAfterRetry: number;
  /** Photos of acknowledged completions: object path → sha256 of the bytes sent. */
  photos: Map<string, string>;
  /** Requests reset (not refused) on a connection of their own between the SIGTERM and the server's exit: must be none. */
  termResets: string[];
  /**
   * Requests reset between the SIGTERM and the exit on a kept-alive connection that had been idle: sent
   * as the drain closed it, the race HTTP/1.1 leaves (docs/decisions/010-crash-safety.md); a browser
   * or the worker app's outbox sends them again. At most MAX_KEPT_ALIVE_RACES per run.
   */
  termKeptAliveRaces: string[];
  /** Connections refused after the listener closed (a client retrying at once; a load balancer takes the instance out first). */
  termRefused: number;
  /** Requests sent between the SIGTERM and the exit: without them the SIGTERM proved nothing. */
  termTraffic: number;
  /** The server exited by itself (not by the harness's signal): a crash. */
  died: string[];
  replayMismatch: number;
  status429: number;
  status5xxInWindow: number;
  status5xxOutside: number;
  networkErrors: number;
  unexpected: string[];
  latencies: number[];
  mapRefetches: number;
  streamsOpened: number;
}

interface ModeResult extends StoreCheck {
  mode: string;
  stats: Stats;
  recoverySeconds: number;
  /** Seconds from the database restart until /api/health answered 200 (NaN: not tested). */
  dbRecoverySeconds: number;
  /** Seconds from SIGTERM to the process's exit, and its exit code. */
  termSeconds: number;
  termCode: number | null;
  p99: number;
}

/** Disruption windows: from the signal (or the database restart) until KILL_GRACE_MS after /api/health answered 200 again. */
export const windows: { start: number; end: number }[] = [];
const inKillWindow = (t: number) => windows.some((w) => t >= w.start && t <= w.end);
/** From the SIGTERM until the process has exited: a request failing then other than refused is a reset. */
const termWindow = { start: Infinity, end: Infinity };

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

/** A request that got no answer: the error's code, and whether it went on a kept-alive connection that had served one. */
class SendError extends Error {
  constructor(
    readonly code: string,
    readonly reused: boolean,
  ) {
    super(code);
  }
}

/** How long a request waits for its answer before the client gives up on it. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * One request through `agent` (kept-alive connections, as a browser keeps them), given up after
 * ANSWER_TIMEOUT_MS (code `NO_ANSWER`). Node's client, not `fetch`: only it tells whether a failed
 * request went on a reused connection.
 */
function send(agent: http.Agent, url: string, init: SendInit) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const timeout = AbortSignal.timeout(ANSWER_TIMEOUT_MS);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    // Both aborts raise ABORT_ERR; only the time-out is the server's failure to answer.
    const fail = (err: NodeJS.ErrnoException) =>
      reject(new SendError(timeout.aborted ? 'NO_ANSWER' : (err.code ?? err.message), req.reusedSocket));
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(init.body);
  });
}

/** The project the crew works on, seeded in the database before any server opens it. */
export interface Crew {
  projectId: string;
  qrId: string;
  username: string;
  /** Per worker: its own units with their open stages, so two workers never race for a stage (a 409 is then a bug). */
  queues: { unitId: string; tasks: { id: string; photo: boolean }[] }[][];
}

/** Seeds `units` units directly in the database (then let the server open it) and shares them out among `workers`. */
export async function seedCrew(database: () => Promise<Database>, units = UNITS, workers = WORKERS): Promise<Crew> {
  // Seed directly in the database, then let the server open it.
  const seedDb = await database();
  const { projectId, username } = await seedMap(seedDb.db, units);
  const [project] = await seedDb.db.select({ qrId: projects.qrId }).from(projects).where(eq(projects.id, projectId));
  const open = await seedDb.db
    .select({ id: tasks.id, unitId: tasks.unitId, photo: tasks.requiresPhoto })
    .from(tasks)
    .where(eq(tasks.projectId, projectId));
  const doneRows = await seedDb.pglite?.query<{ task_id: string }>('select task_id from task_completions where project_id = $1', [
    projectId,
  ]);
  const doneSet = new Set<string>();
  if (doneRows) for (const r of doneRows.rows) doneSet.add(r.task_id);
  else if (seedDb.pool)
    for (const r of (await seedDb.pool.query('select task_id from task_completions where project_id = $1', [projectId])).rows)
      doneSet.add(r.task_id);
  await seedDb.close();
  const openTasks = open.filter((t) => !doneSet.has(t.id));

  // Each worker owns its own units, so two workers never race for a stage (a 409 is then a bug).
  const byUnit = new Map<string, { id: string; photo: boolean }[]>();
  for (const t of openTasks) byUnit.set(t.unitId, [...(byUnit.get(t.unitId) ?? []), { id: t.id, photo: t.photo }]);
  const unitIds = [...byUnit.keys()];
  const queues = Array.from({ length: workers }, (_, w) =>
    unitIds.filter((_u, i) => i % workers === w).map((u) => ({ unitId: u, tasks: byUnit.get(u)! })),
  );
  return { projectId, qrId: project.qrId, username, queues };
}

export function newStats(): Stats {
  return {
    requests: 0,
    completionsSent: 0,
    acknowledged: new Map(),
    replays: 0,
    shortages: new Map(),
    ackedAfterRetry: 0,
    photos: new Map(),
    termResets: [],
    termKeptAliveRaces: [],
    termRefused: 0,
    termTraffic: 0,
    died: [],
    replayMismatch: 0,
    status429: 0,
    status5xxInWindow: 0,
    status5xxOutside: 0,
    networkErrors: 0,
    unexpected: [],
    latencies: [],
    mapRefetches: 0,
    streamsOpened: 0,
  };
}

/** What a run's disruptions get from the crew's harness. */
export interface Harness {
  stats: Stats;
  /** Resolves when `share` of the run has passed. */
  at: (share: number) => Promise<void>;
  /**
   * Until `healthUrl` (the base's /api/health) answers 200 again; then 5xx still count as the
   * disruption's for KILL_GRACE_MS + `extraMs`. Returns the seconds since the window opened.
   */
  waitHealthy: (window: { start: number; end: number }, what: string, healthUrl?: string, extraMs?: number) => Promise<number>;
}

/**
 * The crew and the manager screens against `base` for `seconds`, while `disruptions` does what it
 * does to the servers; resolves once every worker is done (retries drained) and the screens closed.
 */
export async function runCrew(opts: {
  mode: string;
  base: string;
  seconds: number;
  crew: Crew;
  stats: Stats;
  screens?: number;
  disruptions: (h: Harness) => Promise<void>;
}): Promise<void> {
  const { mode, base, seconds: SECONDS, crew, stats } = opts;
  const { qrId, username, queues } = crew;
  const project = { qrId };
  windows.length = 0;
  termWindow.start = Infinity;
  termWindow.end = Infinity;
  const agent = new http.Agent({ keepAlive: true });
  const runStart = performance.now();
  const runEnd = runStart + SECONDS * 1000;
  const drainEnd = runEnd + DRAIN_MS;

  /** One worker request; returns the response, or undefined on a network error. Counts what it sees. */
  const request = async (
    url: string,
    init: SendInit,
    worker: boolean,
  ): Promise<{ status: number; body: string; retryAfter: number | undefined } | undefined> => {
    const t0 = performance.now();
    stats.requests += 1;
    if (t0 >= termWindow.start && t0 <= termWindow.end) stats.termTraffic += 1;
    try {
      const res = await send(agent, `${base}${url}`, init);
      const t1 = performance.now();
      if (worker && res.status < 500) stats.latencies.push(t1 - t0);
      if (res.status === 429) {
        stats.status429 += 1;
        stats.unexpected.push(`${init.method ?? 'GET'} ${url}: 429 ${res.body.slice(0, 200)}`);
      }
      if (res.status >= 500) {
        if (inKillWindow(t0) || inKillWindow(t1)) stats.status5xxInWindow += 1;
        else {
          stats.status5xxOutside += 1;
          stats.unexpected.push(
            `${init.method ?? 'GET'} ${url}: ${res.status} ${res.body.slice(0, 200)} at ${((t1 - runStart) / 1000).toFixed(1)} s`,
          );
        }
      }
      const ra = Number(res.headers['retry-after']);
      return { status: res.status, body: res.body, retryAfter: Number.isFinite(ra) && ra > 0 ? ra : undefined };
    } catch (err) {
      // The caller gave the request up itself (a map screen closed at the end of the run, with its
      // refetch still waiting for the map): no failure of the server's. Under CI's load a refetch is
      // often in flight then, and each screen's was counted as "ABORT_ERR outside the kill window"
      // (docs/decisions/041-counted-from-the-completions.md). A server that stalls still fails the run:
      // a request left without an answer for ANSWER_TIMEOUT_MS fails as NO_ANSWER before that.
      if (init.signal?.aborted) return undefined;
      stats.networkErrors += 1;
      const t1 = performance.now();
      const { code, reused } = err instanceof SendError ? err : { code: (err as Error).message, reused: false };
      if (t1 >= termWindow.start && t0 <= termWindow.end) {
        if (code === 'ECONNREFUSED') stats.termRefused += 1;
        else
          (reused ? stats.termKeptAliveRaces : stats.termResets).push(
            `${init.method ?? 'GET'} ${url}: ${code} on a ${reused ? 'kept-alive' : 'new'} connection (sent ${(t0 - termWindow.start).toFixed(0)} ms after the signal, failed at ${(t1 - termWindow.start).toFixed(0)} ms)`,
          );
      }
      if (!inKillWindow(t0) && !inKillWindow(t1)) {
        const when = `sent at ${((t0 - runStart) / 1000).toFixed(1)} s, failed at ${((t1 - runStart) / 1000).toFixed(1)} s`;
        stats.unexpected.push(`${init.method ?? 'GET'} ${url}: ${code} outside the kill window (${when})`);
      }
      return undefined;
    }
  };

  /** Sends until an answer that is not worth retrying (like the outbox: same key, Retry-After honoured). */
  const sendWithRetry = async (url: string, init: SendInit, until: number) => {
    let backoff = 300;
    for (let attempt = 1; performance.now() < until; attempt++) {
      const res = await request(url, init, true);
      if (res && res.status < 500 && res.status !== 429) return { ...res, attempt };
      await sleep(res?.retryAfter ? res.retryAfter * 1000 : jitter(backoff));
      backoff = Math.min(backoff * 2, 3000);
    }
    return undefined;
  };

  /** Photos uploaded (object path → sha256), kept once their completion is acknowledged. */
  const pendingPhotos = new Map<string, string>();
  /** Asks for an upload address and sends the bytes, again with a new address after a failure; the object path, or undefined. */
  const uploadPhoto = async (unitId: string, headers: Record<string, string>): Promise<string | undefined> => {
    while (performance.now() < drainEnd) {
      const bytes = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        randomBytes(Math.random() < BIG_PHOTO_SHARE ? 1_000_000 : 40_000),
      ]);
      const ticket = await sendWithRetry(
        '/api/objects/upload',
        { method: 'POST', headers, body: JSON.stringify({ roomId: unitId, size: bytes.length }) },
        drainEnd,
      );
      if (!ticket) return undefined;
      if (ticket.status !== 200 && ticket.status !== 201) {
        stats.unexpected.push(`upload address: ${ticket.status} ${ticket.body.slice(0, 200)}`);
        return undefined;
      }
      const { uploadURL, objectPath } = JSON.parse(ticket.body) as { uploadURL: string; objectPath: string };
      const target = uploadURL.startsWith('http') ? new URL(uploadURL).pathname + new URL(uploadURL).search : uploadURL;
      const put = await request(
        target,
        { method: 'PUT', headers: { 'content-type': 'image/jpeg', 'x-shalav-device': headers['x-shalav-device'] }, body: bytes },
        true,
      );
      if (put?.status === 200) {
        pendingPhotos.set(objectPath, createHash('sha256').update(bytes).digest('hex'));
        return objectPath;
      }
      if (put && put.status < 500 && put.status !== 429) {
        stats.unexpected.push(`photo upload: ${put.status} ${put.body.slice(0, 200)}`);
        return undefined;
      }
      await sleep(put?.retryAfter ? put.retryAfter * 1000 : jitter(500));
    }
    return undefined;
  };

  const worker = async (w: number) => {
    // A well-formed device id (letters, digits, dashes) whatever the mode's name, or the limits count the address.
    const device = `load-${mode.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-device-${String(w).padStart(4, '0')}-${randomBytes(4).toString('hex')}`;
    const name = `Worker ${w}`;
    const headers = { 'content-type': 'application/json', 'x-shalav-device': device };
    // Stagger the crew so the requests do not all arrive in the same millisecond.
    await sleep(Math.random() * COMPLETE_EVERY_MS);
    // The worker scans the QR code and types a unit, as on the worker page.
    for (const url of [
      `/api/facility/by-qr/${encodeURIComponent(project.qrId)}`,
      `/api/rooms-public?qrId=${encodeURIComponent(project.qrId)}&q=A1`,
    ]) {
      const res = await request(url, { headers }, true);
      if (res && res.status !== 200 && res.status < 500) stats.unexpected.push(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    let lastRefresh = -Infinity;
    let lastPhoto = -Infinity;
    for (const { unitId, tasks: unitTasks } of queues[w]) {
      if (performance.now() >= runEnd) return;
      const session = await sendWithRetry(
        '/api/work-sessions',
        { method: 'POST', headers, body: JSON.stringify({ roomId: unitId, workerName: name }) },
        runEnd,
      );
      if (session && session.status !== 200 && session.status !== 201)
        stats.unexpected.push(`work session: ${session.status} ${session.body.slice(0, 200)}`);
      if (Math.random() < 0.5) {
        // Something is missing on this unit: a shortage report, retried with its key like a completion.
        const key = `load-${randomBytes(12).toString('hex')}`;
        const init = {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': key },
          body: JSON.stringify({ name: `Screws ${w}`, quantity: 3, apartmentId: unitId, reportedBy: name }),
        };
        const report = await sendWithRetry('/api/shortages-public', init, drainEnd);
        if (report?.status === 201) {
          const first = JSON.parse(report.body) as { id: string };
          stats.shortages.set(key, first.id);
          if (Math.random() < REPLAY_SHARE) {
            stats.replays += 1;
            const again = await sendWithRetry('/api/shortages-public', init, drainEnd);
            if (again?.status !== 201 || (JSON.parse(again.body) as { id: string }).id !== first.id) {
              stats.replayMismatch += 1;
              stats.unexpected.push(`replay of shortage ${key}: ${again?.status} ${again?.body.slice(0, 200)}`);
            }
          }
        } else if (report) stats.unexpected.push(`shortage: ${report.status} ${report.body.slice(0, 200)}`);
      }
      for (const { id: taskId, photo } of unitTasks) {
        if (performance.now() >= runEnd) return;
        // A photo stage now and then, as a real crew photographs: the ticket, the bytes, then the completion.
        let photoUrl: string | undefined;
        if (photo) {
          if (performance.now() - lastPhoto < PHOTO_EVERY_MS) continue;
          lastPhoto = performance.now();
          photoUrl = await uploadPhoto(unitId, headers);
          if (!photoUrl) continue;
        }
        if (performance.now() - lastRefresh >= REFRESH_EVERY_MS) {
          lastRefresh = performance.now();
          const list = await request(`/api/scheduled-tasks-public/${unitId}`, { headers }, true);
          if (list && list.status !== 200 && list.status < 500)
            stats.unexpected.push(`task list: ${list.status} ${list.body.slice(0, 200)}`);
        }
        const key = `load-${randomBytes(12).toString('hex')}`;
        const init = {
          method: 'PUT',
          headers: { ...headers, 'idempotency-key': key },
          body: JSON.stringify(photoUrl ? { workerName: name, photoUrl } : { workerName: name }),
        };
        stats.completionsSent += 1;
        const res = await sendWithRetry(`/api/scheduled-tasks-complete/${taskId}`, init, drainEnd);
        if (res?.status === 200) {
          const first = JSON.parse(res.body) as { completedAt: string };
          stats.acknowledged.set(taskId, { key, completedAt: first.completedAt });
          if (photoUrl) stats.photos.set(photoUrl, pendingPhotos.get(photoUrl)!);
          if (res.attempt > 1) stats.ackedAfterRetry += 1;
          if (Math.random() < REPLAY_SHARE) {
            // The outbox did not see the answer and sends the same completion again.
            stats.replays += 1;
            const again = await sendWithRetry(`/api/scheduled-tasks-complete/${taskId}`, init, drainEnd);
            if (again?.status !== 200 || (JSON.parse(again.body) as { completedAt: string }).completedAt !== first.completedAt) {
              stats.replayMismatch += 1;
              stats.unexpected.push(`replay of ${taskId}: ${again?.status} ${again?.body.slice(0, 200)}`);
            }
          }
        } else if (res) stats.unexpected.push(`completion of ${taskId}: ${res.status} ${res.body.slice(0, 200)}`);
        await sleep(jitter(COMPLETE_EVERY_MS));
      }
    }
  };

  /** A manager's map screen: the live stream (reopened like EventSource after a drop), the map refetched on events. */
  const screen = async (signal: AbortSignal) => {
    const cookie = await signIn(base, username);
    let last = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = async () => {
      const res = await request('/api/rooms', { headers: { cookie }, signal }, false).catch(() => undefined);
      if (res?.status === 200) stats.mapRefetches += 1;
      else if (res && res.status < 500) stats.unexpected.push(`map: ${res.status} ${res.body.slice(0, 200)}`);
    };
    const onEvent = () => {
      if (timer) return;
      const run = () => {
        timer = undefined;
        last = performance.now();
        void refetch();
      };
      const wait = last + REFETCH_GAP_MS - performance.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    };
    signal.addEventListener('abort', () => clearTimeout(timer));
    await refetch();
    const decoder = new TextDecoder();
    while (!signal.aborted) {
      try {
        const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal });
        if (res.status === 429) {
          stats.status429 += 1;
          stats.unexpected.push('events: 429');
        }
        if (!res.ok || !res.body) {
          await res.arrayBuffer().catch(() => undefined);
          if (res.status !== 503 && !inKillWindow(performance.now())) stats.unexpected.push(`events: ${res.status}`);
          await sleep(1000);
          continue;
        }
        stats.streamsOpened += 1;
        const reader = res.body.getReader();
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          if (decoder.decode(chunk.value).includes('event: ')) onEvent();
        }
      } catch {
        // dropped by the kill, or aborted at the end
      }
      if (!signal.aborted) await sleep(1000);
    }
  };

  const waitHealthy = async (window: { start: number; end: number }, what: string, healthUrl = `${base}/api/health`, extraMs = 0) => {
    for (;;) {
      const ok = await fetch(healthUrl, { signal: AbortSignal.timeout(1000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      if (performance.now() - window.start > 60_000) throw new Error(`${mode}: the server did not answer 60 s after ${what}`);
      await sleep(100);
    }
    const seconds = (performance.now() - window.start) / 1000;
    window.end = performance.now() + KILL_GRACE_MS + extraMs;
    return seconds;
  };
  const at = (share: number) => sleep(Math.max(0, runStart + SECONDS * 1000 * share - performance.now()));

  const stop = new AbortController();
  const screens = Array.from({ length: opts.screens ?? SCREENS }, () => screen(stop.signal));
  try {
    await Promise.all([opts.disruptions({ stats, at, waitHealthy }), ...queues.map((_q, w) => worker(w))]);
  } finally {
    stop.abort();
    await Promise.allSettled(screens);
    agent.destroy();
  }
}

export interface StoreCheck {
  present: number;
  lost: number;
  duplicated: number;
  keysTwice: number;
  reportsLost: number;
  reportsTwice: number;
  /** Photos of acknowledged completions not in the store byte for byte. */
  photosMissing: number;
}

/** Every acknowledged completion present exactly once, no key written twice, every acknowledged photo in the store byte for byte. */
export async function checkStore(
  database: () => Promise<Database>,
  dataDir: string | undefined,
  crew: Crew,
  stats: Stats,
): Promise<StoreCheck> {
  const { projectId } = crew;
  const check = await database();
  const q = async <T>(sql: string, params: unknown[]): Promise<T[]> =>
    check.pglite ? (await check.pglite.query<T>(sql, params)).rows : ((await check.pool!.query(sql, params)).rows as T[]);
  const rows = await q<{ task_id: string; period: string; idempotency_key: string | null }>(
    'select task_id, period, idempotency_key from task_completions where project_id = $1',
    [projectId],
  );
  const reports = await q<{ idempotency_key: string; n: number }>(
    'select idempotency_key, count(*)::int as n from shortages where project_id = $1 and idempotency_key is not null group by idempotency_key',
    [projectId],
  );
  // Every photo of an acknowledged completion is in the store, byte for byte: read through the store
  // the server chose (files on the embedded database, the database itself on PostgreSQL; decision 033).
  const store = storageFor({ s3: undefined, dataDir: dataDir ?? '' }, check);
  let photosMissing = 0;
  for (const [objectPath, sha] of stats.photos) {
    const body = await store.get(objectPath.replace(/^\/objects\//, ''));
    const hash = createHash('sha256');
    if (body) for await (const chunk of body.stream) hash.update(chunk as Buffer);
    if (!body || hash.digest('hex') !== sha) photosMissing += 1;
  }
  await check.close();
  const reportCount = new Map(reports.map((r) => [r.idempotency_key, r.n]));
  const reportsLost = [...stats.shortages.keys()].filter((k) => !reportCount.has(k)).length;
  const reportsTwice = reports.filter((r) => r.n > 1).length;
  const perTaskPeriod = new Map<string, number>();
  const perTask = new Map<string, number>();
  const perKey = new Map<string, number>();
  for (const r of rows) {
    perTaskPeriod.set(`${r.task_id}/${r.period}`, (perTaskPeriod.get(`${r.task_id}/${r.period}`) ?? 0) + 1);
    perTask.set(r.task_id, (perTask.get(r.task_id) ?? 0) + 1);
    if (r.idempotency_key) perKey.set(r.idempotency_key, (perKey.get(r.idempotency_key) ?? 0) + 1);
  }
  let present = 0;
  let lost = 0;
  for (const [taskId, { key }] of stats.acknowledged) {
    if ((perTask.get(taskId) ?? 0) >= 1) present += 1;
    else lost += 1;
    if (perKey.has(key) === false && (perTask.get(taskId) ?? 0) >= 1)
      stats.unexpected.push(`task ${taskId}: acknowledged with key ${key}, stored under another key`);
  }
  const duplicated =
    [...perTaskPeriod.values()].filter((n) => n > 1).length +
    [...stats.acknowledged.keys()].filter((t) => (perTask.get(t) ?? 0) > 1).length;
  const keysTwice = [...perKey.values()].filter((n) => n > 1).length;
  return { present, lost, duplicated, keysTwice, reportsLost, reportsTwice, photosMissing };
}

/** The failures every crew run shares: lost or doubled writes, 429s, 5xx outside a disruption, unexpected answers. */
export function crewFailures(mode: string, s: Stats, r: StoreCheck): string[] {
  const failures: string[] = [];
  if (r.lost > 0) failures.push(`${mode}: ${r.lost} acknowledged completions lost`);
  if (r.duplicated > 0) failures.push(`${mode}: ${r.duplicated} completions stored twice`);
  if (r.reportsLost > 0) failures.push(`${mode}: ${r.reportsLost} acknowledged shortage reports lost`);
  if (r.reportsTwice > 0) failures.push(`${mode}: ${r.reportsTwice} shortage reports stored twice`);
  if (r.keysTwice > 0) failures.push(`${mode}: ${r.keysTwice} idempotency keys stored twice`);
  if (s.status429 > 0) failures.push(`${mode}: ${s.status429} answers 429 for a crew on one address within its per-device limits`);
  if (s.status5xxOutside > 0) failures.push(`${mode}: ${s.status5xxOutside} 5xx outside the kill window`);
  if (s.acknowledged.size === 0) failures.push(`${mode}: no completion acknowledged at all`);
  if (r.photosMissing > 0) failures.push(`${mode}: ${r.photosMissing} photos of acknowledged completions missing or changed in the store`);
  if (s.photos.size === 0) failures.push(`${mode}: no completion with a photo was acknowledged`);
  for (const d of s.died) failures.push(`${mode}: the server process died: ${d}`);
  return failures;
}

/** Unexpected answers, at most ten of them spelled out. */
export function unexpectedFailures(mode: string, s: Stats): string[] {
  const failures = s.unexpected.slice(0, 10).map((u) => `${mode}: ${u}`);
  if (s.unexpected.length > 10) failures.push(`${mode}: … ${s.unexpected.length - 10} more unexpected answers`);
  return failures;
}

async function runMode(
  mode: string,
  target: { env: Record<string, string>; database: () => Promise<Database>; restartDatabase?: () => void },
): Promise<ModeResult> {
  const crew = await seedCrew(target.database);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...target.env, PORT: String(port) };
  let server: ChildServer = await startChildServer(env);
  const stats = newStats();
  let dbRecoverySeconds = NaN;
  let recoverySeconds = NaN;
  let termSeconds = NaN;
  let termCode: number | null = null;
  let signalled = false;
  try {
    await runCrew({
      mode,
      base,
      seconds: SECONDS,
      crew,
      stats,
      disruptions: async ({ at, waitHealthy }) => {
        const watch = (child: ChildServer) =>
          void child.exited.then(({ code }) => {
            if (!signalled) stats.died.push(`exited by itself (code ${code}):\n${child.output().slice(-2000)}`);
          });
        watch(server);
        const restart = async (window: { start: number; end: number }, what: string) => {
          const starting = startChildServer(env);
          const seconds = await waitHealthy(window, what);
          server = await starting;
          signalled = false;
          watch(server);
          return seconds;
        };
        if (target.restartDatabase) {
          // A failover as the server sees it: every connection cut, the database back a moment later.
          await at(DB_RESTART_AT);
          const window = { start: performance.now(), end: Infinity };
          windows.push(window);
          target.restartDatabase();
          dbRecoverySeconds = await waitHealthy(window, 'the database restart');
        }
        // SIGKILL mid-run by PID, then the same server again on the same data and port.
        await at(KILL_AT);
        const kill = { start: performance.now(), end: Infinity };
        windows.push(kill);
        signalled = true;
        server.child.kill('SIGKILL');
        await server.exited;
        recoverySeconds = await restart(kill, 'the kill');

        // SIGTERM under the same load: requests in progress finish, arriving ones get 503, none is reset.
        await at(TERM_AT);
        const term = { start: performance.now(), end: Infinity };
        windows.push(term);
        termWindow.start = term.start;
        signalled = true;
        server.child.kill('SIGTERM');
        const exit = await Promise.race([server.exited, sleep(SHUTDOWN_HARD_LIMIT_MS + 5_000).then(() => undefined)]);
        termWindow.end = performance.now();
        termSeconds = (termWindow.end - term.start) / 1000;
        termCode = exit?.code ?? null;
        if (!exit) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
        await restart(term, 'the SIGTERM');
      },
    });
  } finally {
    // Graceful stop so the embedded database is closed cleanly before it is read; SIGKILL if it hangs.
    signalled = true;
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, sleep(15_000)]);
    }
    await server.dispose();
  }
  const check = await checkStore(target.database, target.env.DATA_DIR, crew, stats);
  return {
    mode,
    stats,
    ...check,
    recoverySeconds,
    dbRecoverySeconds,
    termSeconds,
    termCode,
    p99: percentile(stats.latencies, 99),
  };
}

function report(r: ModeResult): string[] {
  const s = r.stats;
  console.log(
    `${r.mode.padEnd(10)} | ${String(s.requests).padStart(8)} | ${String(s.completionsSent).padStart(9)} | ${String(s.acknowledged.size).padStart(5)} | ${String(r.present).padStart(7)} | ${String(r.lost).padStart(4)} | ${String(r.duplicated).padStart(10)} | ${String(s.status429).padStart(4)} | ${`${s.status5xxInWindow}+${s.status5xxOutside}`.padStart(9)} | ${String(s.networkErrors).padStart(7)} | ${r.recoverySeconds.toFixed(2).padStart(10)} | ${r.p99.toFixed(0).padStart(6)} | ${(Number.isNaN(r.dbRecoverySeconds) ? '—' : r.dbRecoverySeconds.toFixed(2)).padStart(9)} | ${r.termSeconds.toFixed(2).padStart(11)} | ${`${s.termResets.length}+${s.termKeptAliveRaces.length}`.padStart(11)} | ${String(s.termRefused).padStart(7)} | ${String(s.termTraffic).padStart(9)}`,
  );
  const failures = crewFailures(r.mode, s, r);
  if (!Number.isFinite(r.recoverySeconds)) failures.push(`${r.mode}: the server did not come back after the kill`);
  if (s.termTraffic === 0) failures.push(`${r.mode}: no request was sent while the server was stopping: the SIGTERM proved nothing`);
  if (s.termResets.length > 0)
    failures.push(`${r.mode}: ${s.termResets.length} requests reset by the SIGTERM: ${s.termResets.slice(0, 5).join('; ')}`);
  if (s.termKeptAliveRaces.length > MAX_KEPT_ALIVE_RACES)
    failures.push(
      `${r.mode}: ${s.termKeptAliveRaces.length} requests on idle kept-alive connections reset by the SIGTERM (at most ${MAX_KEPT_ALIVE_RACES}): ${s.termKeptAliveRaces.slice(0, 5).join('; ')}`,
    );
  if (!(r.termSeconds * 1000 <= SHUTDOWN_HARD_LIMIT_MS) || r.termCode !== 0)
    failures.push(
      `${r.mode}: SIGTERM: exit code ${r.termCode} after ${r.termSeconds.toFixed(1)} s (expected 0 within ${SHUTDOWN_HARD_LIMIT_MS / 1000} s)`,
    );
  failures.push(...unexpectedFailures(r.mode, s));
  return failures;
}

async function main() {
  const results: ModeResult[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let exitCode = 0;
  try {
    console.log(
      `\nLoad with a database restart, a kill -9 and a SIGTERM: ${WORKERS} workers on one address (own device ids), a completion every ~${COMPLETE_EVERY_MS} ms and a list refresh every ~${REFRESH_EVERY_MS} ms each, ${REPLAY_SHARE * 100}% replayed; ${SCREENS} map screens; ${UNITS} units × 7 stages; ${SECONDS} s per mode; PostgreSQL restarted at ${Math.round(SECONDS * DB_RESTART_AT)} s (own cluster only), server killed at ${Math.round(SECONDS * KILL_AT)} s, SIGTERM at ${Math.round(SECONDS * TERM_AT)} s`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );

    // Embedded database: a temp DATA_DIR the server locks; the harness opens it only while no server runs.
    const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'shalav-load-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    results.push(
      await runMode('PGlite', {
        env: { DATA_DIR: dataDir },
        database: async () => {
          const d = await openPglite(path.join(dataDir, 'db'));
          await migrateDatabase(d);
          return d;
        },
      }),
    );

    // PostgreSQL: a cluster of the harness's own when this machine can start one (so it may be
    // restarted), else a database on the shared server (never restarted).
    let pgUrl = PG_URL;
    let restartDatabase: (() => void) | undefined;
    if (canStartCluster) {
      const cluster = await startThrowawayCluster();
      cleanups.push(async () => cluster.dispose());
      pgUrl = cluster.url;
      restartDatabase = () => cluster.restart('immediate');
    }
    const admin = new pg.Client({ connectionString: pgUrl });
    let reachable = true;
    await admin.connect().catch(() => (reachable = false));
    if (!reachable) console.log(`PostgreSQL not reachable at ${pgUrl}: PostgreSQL mode skipped`);
    else {
      const dbName = `shalav_load_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${dbName}`);
      // The harness's own cluster goes away whole; the client must not outlive its restart.
      admin.on('error', () => undefined);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
        await admin.end().catch(() => undefined);
      });
      const u = new URL(pgUrl);
      u.pathname = `/${dbName}`;
      const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-load-pg-'));
      cleanups.push(async () => fs.rmSync(pgDataDir, { recursive: true, force: true }));
      results.push(
        await runMode('PostgreSQL', {
          env: { DATABASE_URL: u.toString(), DATA_DIR: pgDataDir },
          database: async () => {
            const d = await openPostgres(u.toString(), 2);
            await migrateDatabase(d);
            return d;
          },
          restartDatabase,
        }),
      );
    }
    if (!restartDatabase)
      console.log(
        'A PostgreSQL restart is not tested: this machine cannot start a cluster of its own (initdb), and the shared server is never restarted.',
      );

    console.log('\n(TERM resets: on a new connection + on an idle kept-alive connection as the drain ended)');
    console.log(
      'mode       | requests |      sent |  acks | present | lost | duplicated |  429 | 5xx kill+ | netErrs | recovery s | p99 ms | db back s | TERM exit s | TERM resets | refused | TERM sent',
    );
    const failures = results.flatMap(report);
    for (const r of results) {
      console.log(
        `${r.mode}: ${r.stats.ackedAfterRetry} acknowledged only after a retry across the kill, ${r.stats.photos.size} with a photo (${r.photosMissing} missing from the store), ${r.stats.shortages.size} shortage reports acknowledged (${r.reportsLost} lost, ${r.reportsTwice} stored twice), ${r.stats.replays} replays (${r.stats.replayMismatch} answered differently), ${r.stats.mapRefetches} map refetches, ${r.stats.streamsOpened} live streams opened`,
      );
      if (r.stats.termKeptAliveRaces.length > 0)
        console.log(
          `${r.mode}: the kept-alive race at the drain's end, sent again like any failed request: ${r.stats.termKeptAliveRaces.join('; ')}`,
        );
    }
    if (failures.length > 0) {
      console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
      exitCode = 1;
    } else
      console.log(
        '\nOK: every acknowledged completion, its photo and every shortage report is stored exactly once; no 429; no 5xx outside a disruption; the server survived the database restart; no request on a new connection reset by the SIGTERM.',
      );
  } catch (err) {
    console.error(err);
    exitCode = 1;
  } finally {
    for (const c of cleanups.reverse()) await c().catch((err) => console.error('cleanup:', err));
  }
  process.exit(exitCode);
}

// Run only as `npm run bench:load`; bench/cluster.ts imports the crew, the screens and the checks.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
