/**
 * A small mutation runner (docs/mutation-testing.md): for each mutant of a JSON list, break one
 * rule in the code by a literal find/replace, run the tests that guard it, and count whether they
 * noticed (caught) or not (survived). The file is always put back — after each mutant, on error
 * and on Ctrl-C.
 *
 *   node --import tsx scripts/mutants.ts scripts/mutants/server.json [--only <text in the rule>]
 *
 * Each entry: { "rule": string, "file": string, "find": string, "replace": string, "tests": string[] };
 * `find` must occur exactly once in `file`. `tests` go to `vitest run` as they are: test files or
 * folders (server or web), optionally `-t <name pattern>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface Mutant {
  rule: string;
  file: string;
  find: string;
  replace: string;
  tests: string[];
}

const [listPath, ...rest] = process.argv.slice(2);
if (!listPath) {
  console.error('usage: node --import tsx scripts/mutants.ts <mutants.json> [--only <text in the rule>]');
  process.exit(2);
}
const onlyAt = rest.indexOf('--only');
const only = onlyAt >= 0 ? rest[onlyAt + 1] : undefined;

const mutants = (JSON.parse(readFileSync(listPath, 'utf8')) as Mutant[]).filter((m) => !only || m.rule.includes(only));

/** The original text of the file currently mutated, put back by restore(). */
let pending: { path: string; text: string } | undefined;
/** The vitest run under way, stopped with the runner. */
let running: ChildProcess | undefined;
function restore() {
  if (!pending) return;
  writeFileSync(pending.path, pending.text);
  pending = undefined;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    restore();
    if (running?.pid) process.kill(-running.pid, 'SIGTERM'); // vitest and its workers: the whole group
    console.error(`\n${signal}: file restored, stopped`);
    process.exit(130);
  });
process.on('uncaughtException', (error) => {
  restore();
  console.error(error);
  process.exit(1);
});
process.on('exit', restore);

/** Runs vitest quietly on the tests; resolves with its exit code, or null when a signal ended it. */
function runTests(tests: string[]): Promise<number | null> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['vitest', 'run', '--reporter=dot', ...tests], {
      stdio: 'ignore',
      env: { ...process.env, CI: '1' },
      // A process group of its own, so that stopping the runner stops vitest's workers too.
      detached: true,
    });
    running = child;
    child.on('error', fail);
    child.on('exit', (code) => {
      running = undefined;
      done(code);
    });
  });
}

const occurrences = (text: string, find: string) => text.split(find).length - 1;

/** `invalid`: the mutant could not be applied, or its tests did not finish; not in the score. */
type Outcome = 'caught' | 'survived' | 'invalid';
const results: { rule: string; outcome: Outcome; seconds: number; note: string }[] = [];

for (const [index, mutant] of mutants.entries()) {
  const path = resolve(mutant.file);
  const started = performance.now();
  let outcome: Outcome;
  let note = '';
  const text = readFileSync(path, 'utf8');
  const count = occurrences(text, mutant.find);
  if (count !== 1 || mutant.find === mutant.replace || mutant.tests.length === 0) {
    outcome = 'invalid';
    note = count !== 1 ? `find occurs ${count}× in ${mutant.file}` : 'replace equals find, or no tests';
  } else {
    pending = { path, text };
    try {
      writeFileSync(
        path,
        text.replace(mutant.find, () => mutant.replace),
      );
      const code = await runTests(mutant.tests);
      outcome = code === null ? 'invalid' : code === 0 ? 'survived' : 'caught';
      if (code === null) note = 'the tests were ended by a signal';
    } finally {
      restore();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  results.push({ rule: mutant.rule, outcome, seconds, note });
  console.log(
    `[${index + 1}/${mutants.length}] ${outcome.padEnd(8)} ${seconds.toFixed(0).padStart(4)} s  ${mutant.rule}${note ? ` — ${note}` : ''}`,
  );
}

const width = Math.min(90, Math.max(4, ...results.map((r) => r.rule.length)));
console.log(`\n${'rule'.padEnd(width)}  outcome   seconds`);
for (const r of results)
  console.log(`${r.rule.slice(0, width).padEnd(width)}  ${r.outcome.padEnd(8)}  ${r.seconds.toFixed(0).padStart(7)}`);
const caught = results.filter((r) => r.outcome === 'caught').length;
const survived = results.filter((r) => r.outcome === 'survived');
const invalid = results.filter((r) => r.outcome === 'invalid');
const valid = caught + survived.length;
const score = valid ? (100 * caught) / valid : 0;
console.log(`\ncaught ${caught} / ${valid} (${score.toFixed(1)} %), survived ${survived.length}, invalid ${invalid.length}`);
for (const r of survived) console.log(`  survived: ${r.rule}`);
for (const r of invalid) console.log(`  invalid: ${r.rule} — ${r.note}`);
process.exitCode = survived.length > 0 || invalid.length > 0 ? 1 : 0;
