import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './config.ts';

const readme = fs.readFileSync('README.md', 'utf8');
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

/** The README section under `## title`, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `README.md has no "## ${title}"`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

type Version = [number, number, number];
const parseVersion = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies an npm engines range (`>=22`, `^20.19.0 || >=22.12.0`, `20 || >=22`, `>=20.19.0 <22.0.0`). */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        if (comparator === '*' || comparator === 'x' || comparator === '') return true;
        const [, op = '', text] = /^(>=|<=|>|<|\^|~|=)?(.+)$/.exec(comparator)!;
        const bound = parseVersion(text);
        const parts = text.replace(/^v/, '').split('.').length;
        const c = compare(version, bound);
        if (op === '>=') return c >= 0;
        if (op === '>') return c > 0;
        if (op === '<=') return c <= 0;
        if (op === '<') return c < 0;
        if (op === '^') return c >= 0 && version[0] === bound[0];
        if (op === '~') return c >= 0 && version[0] === bound[0] && version[1] === bound[1];
        // A bare `20` or `20.19` is every version it names.
        return version.slice(0, parts).every((n, i) => n === bound[i]);
      }),
  );
}

describe('README.md says what the code does', () => {
  it('lists every environment variable the server reads in its configuration table, and no other', () => {
    const documented = new Set(
      section('Configuration')
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])),
    );
    expect(
      [...documented].filter((name) => !ENV_VARIABLES.includes(name)),
      'in README.md but not read by server/config.ts',
    ).toEqual([]);
    expect(
      ENV_VARIABLES.filter((name) => !documented.has(name)),
      'read by server/config.ts but missing from README.md',
    ).toEqual([]);
  });

  it('names the Node.js version that package.json requires, which every installed package supports', () => {
    const minimum = /^>=(\d+(?:\.\d+){0,2})$/.exec(packageJson.engines.node)?.[1];
    expect(minimum, 'engines.node is ">=X.Y"').toBeDefined();
    expect(readme).toContain(`Node.js ${minimum}+`);
    const oldest = parseVersion(minimum!);
    const unsupported = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !entry.optional)
      .flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !satisfies(oldest, range) ? [`${name.replace(/^.*node_modules\//, '')}: ${range}`] : [];
      });
    expect(unsupported, `packages that do not support Node.js ${minimum}`).toEqual([]);
    expect(lock.packages[''].engines).toEqual(packageJson.engines);
  });

  it('lists every screen of the route table', () => {
    const routes = fs.readFileSync('web/src/app/routes.tsx', 'utf8');
    const paths = [...routes.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(20);
    const architecture = section('Architecture in one screen');
    expect(paths.filter((p) => !architecture.includes(`\`${p}\``))).toEqual([]);
  });
});
