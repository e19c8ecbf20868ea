import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The data-access rule (docs/decisions/019-data-access.md): every database call lives in a
 * `*.queries.ts` file. Outside them only the connection itself (client.ts: migrations and the
 * health ping), the demo seed (server/demo-data.ts) and test code may talk to the database.
 */
const SERVER = path.resolve(import.meta.dirname, '..');
const ALLOWED = new Set(['db/client.ts', 'demo-data.ts', 'modules/schedules/test-support.ts']);

/** A statement started on a database handle (`db`, `app.db`, a transaction's `tx`), comments left out. */
function databaseCallsIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const calls = code.match(/\b(?:db|tx)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|transaction|query|\$count)\b/g) ?? [];
  return calls.map((c) => c.replace(/\s+/g, ''));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('data access', () => {
  it('finds a database call however it is spelled', () => {
    expect(databaseCallsIn('const [row] = await app.db\n    .select()\n    .from(units);')).toEqual(['db.select']);
    expect(databaseCallsIn('await tx.insert(users).values(v); await db.execute(sql`select 1`);')).toEqual(['tx.insert', 'db.execute']);
    expect(databaseCallsIn('/** Rows of a raw `db.execute(sql…)`. */\n// db.delete(x)\nconst n = rows.length;')).toEqual([]);
  });

  it('keeps every database call in a queries file', () => {
    const offenders = sourceFiles(SERVER)
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
      .filter((file) => !file.endsWith('.queries.ts') && !ALLOWED.has(file))
      .flatMap((file) => databaseCallsIn(fs.readFileSync(path.join(SERVER, file), 'utf8')).map((call) => `${file}: ${call}`));
    expect(offenders).toEqual([]);
  });

  // Routes hold the HTTP side (access, schemas, limits, headers) and call services, which hold the
  // rules and call the queries: a route importing a queries file (types aside) skips that layer.
  it('has routes call services, never queries', () => {
    const offenders = sourceFiles(SERVER)
      .filter((file) => file.endsWith('.routes.ts'))
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*?from '([^']+\.queries\.ts)';/gm)].map(
          (m) => `${path.relative(SERVER, file)}: ${m[1]}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
