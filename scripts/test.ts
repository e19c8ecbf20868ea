/**
 * `npm test`: the unit and integration tests (vitest) and the browser tests (the build, then
 * Playwright) side by side, each line prefixed with its suite; exits non-zero when any fails and says
 * which. The suites spend most of their time waiting — on child servers, the database, sockets and a
 * browser's timers — so side by side they take about as long as the longest one, not the sum
 * (docs/decisions/040-test-suite-time.md, with the figures).
 *
 * `--postgres <url>` adds a third: the server suite on PostgreSQL (`DATABASE_URL=<url>`), run by the
 * Node.js named with `--node <path>` (default: this one) — CI's second database and Node 24 LTS.
 * `--load` (with `--postgres`) adds the short reliability harness on both databases, started when the
 * browser suite has ended: its checks are counts (lost, doubled, 429, 5xx), not times, and the
 * machine has room once the browser suite is done.
 * `npm run test:unit` and `npm run test:e2e` still run one suite alone.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { parseArgs } from 'node:util';

interface Suite {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Starts when the suite with this label (trimmed, listed before it) has ended, instead of at once. */
  after?: string;
}

const { values } = parseArgs({ options: { postgres: { type: 'string' }, node: { type: 'string' }, load: { type: 'boolean' } } });
if (values.load && !values.postgres) {
  process.stderr.write('npm test: --load runs the harness on PostgreSQL too and needs --postgres <url>\n');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const suites: Suite[] = [
  { label: 'unit', command: npm, args: ['run', '--silent', 'test:unit'] },
  { label: 'e2e ', command: npm, args: ['run', '--silent', 'test:e2e'] },
];
if (values.postgres) {
  suites.push({
    label: 'pg  ',
    command: values.node ?? process.execPath,
    args: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server'],
    env: { DATABASE_URL: values.postgres },
  });
  if (values.load) {
    suites.push({
      label: 'load',
      command: npm,
      args: ['run', '--silent', 'bench:load', '--', '--short'],
      env: { BENCH_DATABASE_URL: values.postgres },
      after: 'e2e',
    });
  }
}

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

/** Runs one suite in its own process group (so a stop reaches its browser and servers too). */
function run(suite: Suite): { done: Promise<number>; stop: (signal: NodeJS.Signals) => void } {
  // Colours as if the suite wrote to this terminal itself (a pipe would turn them off).
  const color = process.stdout.isTTY && process.env.FORCE_COLOR === undefined ? { FORCE_COLOR: '1' } : {};
  const child = spawn(suite.command, suite.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...color, ...suite.env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${suite.label}] ${line}\n`));
  }
  const done = new Promise<number>((resolve) => {
    child.on('error', (err) => {
      process.stdout.write(`[${suite.label}] could not start: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  };
  return { done, stop };
}

/** What stops the running suites on Ctrl-C; once set, a suite waiting for another does not start. */
const stops = new Set<(signal: NodeJS.Signals) => void>();
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopped = true;
    for (const stop of stops) stop(signal);
  });
}

for (const [i, suite] of suites.entries()) {
  if (suite.after !== undefined && !suites.slice(0, i).some((s) => s.label.trim() === suite.after))
    throw new Error(`suite ${suite.label} is to start after ${suite.after}, which is not listed before it`);
}

/** Each suite's exit code, by label; a suite with `after` starts when that one has ended. */
const exits = new Map<string, Promise<number>>();
for (const suite of suites) {
  const start = () => {
    if (stopped) return Promise.resolve(1);
    const { done, stop } = run(suite);
    stops.add(stop);
    return done.finally(() => stops.delete(stop));
  };
  const after = suite.after === undefined ? undefined : exits.get(suite.after);
  exits.set(suite.label.trim(), after ? after.then(start) : start());
}

const results = await Promise.all(
  suites.map(async (suite) => {
    const code = await exits.get(suite.label.trim())!;
    process.stdout.write(`\n[${suite.label}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} after ${seconds()}\n`);
    return { label: suite.label.trim(), code };
  }),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.label);
process.stdout.write(`\nnpm test: ${failed.length ? `FAILED: ${failed.join(', ')}` : 'every suite passed'} in ${seconds()}\n`);
process.exitCode = failed.length ? 1 : 0;
