/**
 * Several instances behind a real load balancer (docs/decisions/030-several-instances.md,
 * docs/decisions/033-photos-in-postgresql.md): the real server started 3 times on one PostgreSQL
 * database, each with its own empty DATA_DIR, behind haproxy (round robin, a health check on
 * /api/health, `option forwardfor`, timeouts that let the live stream stay open). The reliability
 * harness's crew and manager screens (bench/load.ts) work through haproxy; one instance is killed
 * with SIGKILL mid-run and started again, and haproxy's health check takes it out and back in.
 *
 *   npm run bench:cluster               # about 60 s per phase
 *   npm run bench:cluster -- --short    # about 30 s per phase; or BENCH_CLUSTER_SECONDS=…
 *
 * Two phases in the same run, on the same database: 1 instance behind haproxy, then 3 — the
 * throughput (acknowledged completions per second) and the request p50/p95 side by side. The crew
 * is paced per device (every worker shares 127.0.0.1, as in bench/load.ts), so the throughput is
 * the crew's pace when the servers keep up; the latencies show what the extra hop and the shared
 * limits cost. Fails (exit 1) on a lost or duplicated completion, shortage report or photo, on a
 * 429, on a 5xx outside the kill window, on an instance that died by itself, or on an unexpected
 * answer.
 *
 * Loopback only; bounded in time; kills only the servers and the haproxy it started, by PID. The
 * database is created on BENCH_DATABASE_URL (default the local PostgreSQL server) and dropped at
 * the end. haproxy is installed with apt-get when it is missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { migrateDatabase, openPostgres } from '../server/db/client.ts';
import { startChildServer, freePort, type ChildServer } from '../server/test/child-server.ts';
import { checkStore, crewFailures, newStats, runCrew, seedCrew, unexpectedFailures, windows, type Stats, type StoreCheck } from './load.ts';
import { percentile } from './lib.ts';

const short = process.argv.includes('--short');
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? (short ? 30 : 60));
const UNITS = Math.max(200, SECONDS * 12);
const WORKERS = Number(process.env.BENCH_CLUSTER_WORKERS ?? 20);
const INSTANCES = 3;
/** One instance is killed at this share of the 3-instance phase. */
const KILL_AT = 0.4;
/**
 * haproxy's health check: every CHECK_INTER_MS, each allowed CHECK_TIMEOUT_MS (a busy instance is
 * slow, not down); out after FALL failures, back in after RISE successes.
 */
const CHECK_INTER_MS = 1000;
const FALL = 3;
const RISE = 2;
const CHECK_TIMEOUT_MS = 3000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** haproxy on this machine, installed with apt-get (sudo when not root) if it is missing. */
function ensureHaproxy(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  console.log('haproxy is not installed: apt-get install -y haproxy');
  const asRoot = process.getuid?.() === 0;
  const [cmd, args] = asRoot ? ['apt-get', ['install', '-y', 'haproxy']] : ['sudo', ['apt-get', 'install', '-y', 'haproxy']];
  execFileSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
}

/**
 * The configuration the README's "Running several servers" shows: round robin, a health check on
 * /api/health, the client's address in X-Forwarded-For, and timeouts above the live stream's 20 s
 * heartbeat so an idle stream is not cut (docs/decisions/016-live-updates-without-storms.md).
 */
function haproxyConfig(frontendPort: number, backends: number[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  option forwardfor
  option redispatch
  retries 2
  timeout connect 2s
  timeout http-request 15s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  timeout check ${CHECK_TIMEOUT_MS}ms

frontend shalav
  bind 127.0.0.1:${frontendPort}
  default_backend shalav_servers

backend shalav_servers
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
${backends.map((port, i) => `  server s${i + 1} 127.0.0.1:${port} check inter ${CHECK_INTER_MS}ms fall ${FALL} rise ${RISE}`).join('\n')}
`;
}

interface PhaseResult {
  name: string;
  stats: Stats;
  check: StoreCheck;
  seconds: number;
  recoverySeconds: number;
  failures: string[];
}

async function phase(
  name: string,
  instances: number,
  kill: boolean,
  env: Record<string, string>,
  database: () => ReturnType<typeof openPostgres>,
  haproxyBin: string,
  tmp: string,
): Promise<PhaseResult> {
  const crew = await seedCrew(database, UNITS, WORKERS);
  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  const servers: ChildServer[] = [];
  const stats = newStats();
  const signalled = new Set<ChildServer>();
  const watch = (s: ChildServer, i: number) =>
    void s.exited.then(({ code }) => {
      if (!signalled.has(s)) stats.died.push(`instance ${i + 1} exited by itself (code ${code}):\n${s.output().slice(-2000)}`);
    });
  const instanceEnv = (i: number) => ({
    ...env,
    PORT: String(ports[i]),
    // Each instance its own empty directory: nothing may depend on a shared disk (photos are in PostgreSQL).
    DATA_DIR: fs.mkdtempSync(path.join(tmp, `instance-${i + 1}-`)),
  });
  const envs = ports.map((_p, i) => instanceEnv(i));
  let haproxy: ChildProcess | undefined;
  let haproxyOutput = '';
  let recoverySeconds = NaN;
  const started = performance.now();
  try {
    for (const [i, e] of envs.entries()) {
      servers[i] = await startChildServer(e);
      watch(servers[i], i);
    }
    const frontend = await freePort();
    const cfg = path.join(tmp, `haproxy-${instances}.cfg`);
    fs.writeFileSync(cfg, haproxyConfig(frontend, ports));
    haproxy = spawn(haproxyBin, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout!.on('data', (d) => (haproxyOutput += d));
    haproxy.stderr!.on('data', (d) => (haproxyOutput += d));
    const base = `http://127.0.0.1:${frontend}`;
    for (;;) {
      const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited (${haproxy.exitCode}):\n${haproxyOutput}`);
      if (performance.now() - started > 30_000) throw new Error(`haproxy did not answer in 30 s:\n${haproxyOutput}`);
      await sleep(200);
    }
    // Every instance checked up by haproxy before the crew starts.
    await sleep(CHECK_INTER_MS * RISE + 200);

    await runCrew({
      mode: name,
      base,
      seconds: SECONDS,
      crew,
      stats,
      disruptions: async ({ at, waitHealthy }) => {
        if (!kill) return;
        await at(KILL_AT);
        // SIGKILL one instance by PID, then the same instance again on its port; haproxy takes it
        // out (FALL failed checks) and back in (RISE good ones). The window ends RISE checks after
        // the instance answers again, plus the harness's grace.
        const victim = 1;
        const window = { start: performance.now(), end: Infinity };
        windows.push(window);
        signalled.add(servers[victim]);
        servers[victim].child.kill('SIGKILL');
        await servers[victim].exited;
        const starting = startChildServer(envs[victim]);
        recoverySeconds = await waitHealthy(
          window,
          'the kill',
          `http://127.0.0.1:${ports[victim]}/api/health`,
          CHECK_INTER_MS * (RISE + 1),
        );
        servers[victim] = await starting;
        watch(servers[victim], victim);
      },
    });
  } finally {
    if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) {
      const gone = new Promise((resolve) => haproxy!.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await Promise.race([gone, sleep(5000)]);
      if (haproxy.exitCode === null && haproxy.signalCode === null) haproxy.kill('SIGKILL');
    }
    await Promise.all(
      servers.map(async (s) => {
        if (!s) return;
        signalled.add(s);
        if (s.child.exitCode === null && s.child.signalCode === null) {
          s.child.kill('SIGTERM');
          await Promise.race([s.exited, sleep(15_000)]);
        }
        await s.dispose();
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const check = await checkStore(database, fs.mkdtempSync(path.join(tmp, 'check-')), crew, stats);
  const failures = crewFailures(name, stats, check);
  if (kill && !Number.isFinite(recoverySeconds)) failures.push(`${name}: the killed instance did not come back`);
  failures.push(...unexpectedFailures(name, stats));
  return { name, stats, check, seconds, recoverySeconds, failures };
}

async function main(): Promise<number> {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const haproxyBin = ensureHaproxy();
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.error(`PostgreSQL not reachable at ${PG_URL}: several instances need PostgreSQL (${(err as Error).message})`);
      return 1;
    }
    const dbName = `shalav_cluster_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    });
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    const url = u.toString();
    const tmp = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'shalav-cluster-'));
    cleanups.push(async () => fs.rmSync(tmp, { recursive: true, force: true }));
    const database = async () => {
      const d = await openPostgres(url, 2);
      await migrateDatabase(d);
      return d;
    };
    // The instances trust the load balancer on loopback to name the client (X-Forwarded-For).
    const env = { DATABASE_URL: url, TRUST_PROXY: 'loopback' };

    console.log(
      `\nSeveral instances behind haproxy (${haproxyBin}): ${WORKERS} workers on one address (own device ids), ${UNITS} units × 7 stages, ${SECONDS} s per phase; with ${INSTANCES} instances one is killed (SIGKILL) at ${Math.round(SECONDS * KILL_AT)} s and started again`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    const results = [
      await phase('1 instance', 1, false, env, database, haproxyBin, tmp),
      await phase(`${INSTANCES} instances`, INSTANCES, true, env, database, haproxyBin, tmp),
    ];

    console.log(
      '\nbehind haproxy | requests |  acks | acks/s | p50 ms | p95 ms | lost | duplicated | photos (missing) | reports (lost/twice) |  429 | 5xx kill+outside | back in s',
    );
    for (const r of results) {
      const s = r.stats;
      console.log(
        `${r.name.padEnd(14)} | ${String(s.requests).padStart(8)} | ${String(s.acknowledged.size).padStart(5)} | ${(s.acknowledged.size / SECONDS).toFixed(1).padStart(6)} | ${percentile(s.latencies, 50).toFixed(0).padStart(6)} | ${percentile(s.latencies, 95).toFixed(0).padStart(6)} | ${String(r.check.lost).padStart(4)} | ${String(r.check.duplicated).padStart(10)} | ${`${s.photos.size} (${r.check.photosMissing})`.padStart(16)} | ${`${s.shortages.size} (${r.check.reportsLost}/${r.check.reportsTwice})`.padStart(20)} | ${String(s.status429).padStart(4)} | ${`${s.status5xxInWindow}+${s.status5xxOutside}`.padStart(16)} | ${(Number.isNaN(r.recoverySeconds) ? '—' : r.recoverySeconds.toFixed(2)).padStart(9)}`,
      );
    }
    for (const r of results)
      console.log(
        `${r.name}: ${r.stats.ackedAfterRetry} acknowledged only after a retry, ${r.stats.replays} replays (${r.stats.replayMismatch} answered differently), ${r.stats.networkErrors} network errors, ${r.stats.mapRefetches} map refetches, ${r.stats.streamsOpened} live streams opened; phase took ${r.seconds.toFixed(0)} s`,
      );
    const failures = results.flatMap((r) => r.failures);
    if (failures.length > 0) {
      console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
      return 1;
    }
    console.log(
      '\nOK: behind haproxy, with one of three instances killed and started again, every acknowledged completion, its photo and every shortage report is stored exactly once; no 429; no 5xx outside the kill window.',
    );
    return 0;
  } catch (err) {
    console.error(err);
    return 1;
  } finally {
    for (const c of cleanups.reverse()) await c().catch((err) => console.error('cleanup:', err));
  }
}

process.exit(await main());
