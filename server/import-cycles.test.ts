import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles (CODE_STYLE.md): not between files, type-only and lazy `import()` included, and
 * not between the server's modules or the web's features. Test files are left out: nothing imports
 * them, and a test may reach into any module it checks.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['server', 'web/src', 'contract', 'bench', 'scripts'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** package.json "imports": the project's own subpath aliases. */
const ALIASES: Record<string, string> = { '#contract/': 'contract', '#web/': 'web/src' };

/** A specifier as a path: relative to the file, or through an alias. */
function targetOf(file: string, spec: string): string {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  return alias ? path.join(ROOT, ALIASES[alias], spec.slice(alias.length)) : path.join(path.dirname(file), spec);
}

/** The project's imports of a file, resolved to files: `import`, `import type`, `export … from` and `import()`. */
function importsOf(file: string, known: Set<string>): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specs = [
    ...source.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]((?:\.|#contract\/|#web\/)[^'"]+)['"]|import\(\s*['"]((?:\.|#contract\/|#web\/)[^'"]+)['"]\s*\)/g,
    ),
  ];
  return specs
    .map((m) => targetOf(file, m[1] ?? m[2]))
    .map((target) => [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find((t) => known.has(t)))
    .filter((t): t is string => t !== undefined);
}

/** Strongly connected groups of more than one node (Tarjan), each a cycle. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const files = DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
const known = new Set(files);
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const fileGraph = new Map(files.map((file) => [rel(file), importsOf(file, known).map(rel)]));
/** The part of web/src a file belongs to: `lib`, `components`, `features/<name>`… */
const webPartOf = (file: string) => /^web\/src\/(features\/[^/]+|[^/]+)\//.exec(file)?.[1];
/** `server/modules/<name>` or `web/src/features/<name>`; other files are shared code, not a module. */
const moduleOf = (file: string) => /^(server\/modules\/[^/]+|web\/src\/features\/[^/]+)\//.exec(file)?.[1];

describe('import graph', () => {
  it('finds a cycle, a type-only or lazy one too', () => {
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(fileGraph.get('web/src/features/work-tasks/components/task-card.tsx')).toContain(
      'web/src/features/work-tasks/components/open-task-card.tsx',
    );
    expect(fileGraph.get('web/src/lib/api.ts')).toContain('contract/errors.ts');
    expect(fileGraph.get('web/src/features/work-tasks/pages/work-tasks-page.tsx')).toContain('web/src/lib/navigation.ts');
  });

  it('imports the contract as #contract/…, never by climbing to it (CODE_STYLE.md)', () => {
    const climbing = files
      .filter((file) => /(?:from\s*|import\(\s*|mock\(\s*)['"](?:\.\.\/)+contract\//.test(fs.readFileSync(file, 'utf8')))
      .map(rel);
    expect(climbing).toEqual([]);
  });

  it('imports another part of web/src as #web/…, never by climbing out of its own (CODE_STYLE.md)', () => {
    const webFiles = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? webFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const climbing = webFiles(path.join(ROOT, 'web/src')).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/(?:from\s*|import\(\s*|mock\(\s*)['"](\.\.\/[^'"]+)['"]/g)]
        .filter((m) => webPartOf(rel(targetOf(file, m[1]))) !== webPartOf(rel(file)))
        .map((m) => `${rel(file)}: ${m[1]}`),
    );
    expect(climbing).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(cyclesOf(fileGraph)).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const modules = new Map<string, Set<string>>();
    for (const [file, imports] of fileGraph) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const to of imports.map(moduleOf)) {
        if (to && to !== from) modules.set(from, (modules.get(from) ?? new Set()).add(to));
      }
    }
    expect(cyclesOf(new Map([...modules].map(([m, to]) => [m, [...to]])))).toEqual([]);
  });
});
