/**
 * `npm test`: the unit and integration tests (vitest) and the browser tests (the build, then
 * Playwright) side by side, each line prefixed with its suite; exits non-zero when any fails and says
 * which. The suites spend most of their time waiting — on child servers, the database, sockets and a
 * browser's timers — so side by side they take about as long as the longest one, not the sum
 * (docs/decisions/040-test-suite-time.md, with the figures).
 *
 * `--postgres <url>` adds a third: the server suite on PostgreSQL (`DATABASE_URL=<url>`), run by the
 * Node.js named with `--node <path>` (default: this one) — CI's second database and Node 24 LTS.
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
}

const { values } = parseArgs({ options: { postgres: { type: 'string' }, node: { type: 'string' } } });
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

const running = suites.map((suite) => ({ suite, ...run(suite) }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const r of running) r.stop(signal);
  });
}

const results = await Promise.all(
  running.map(async (r) => {
    const code = await r.done;
    process.stdout.write(`\n[${r.suite.label}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} after ${seconds()}\n`);
    return { label: r.suite.label.trim(), code };
  }),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.label);
process.stdout.write(`\nnpm test: ${failed.length ? `FAILED: ${failed.join(', ')}` : 'every suite passed'} in ${seconds()}\n`);
process.exitCode = failed.length ? 1 : 0;
