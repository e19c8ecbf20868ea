import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/constants.ts';

const dir = path.resolve(__dirname, '../locales');

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.entries(obj).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(acc, flatten(v as Record<string, unknown>, key));
    else acc[key] = String(v);
    return acc;
  }, {});
}
const load = (lng: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')));
const namespaces = fs.readdirSync(path.join(dir, 'en')).map((f) => f.replace(/\.json$/, ''));
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('locales', () => {
  it('has the same namespaces in every locale', () => {
    for (const lng of LOCALES) {
      const files = fs
        .readdirSync(path.join(dir, lng))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files, lng).toEqual([...namespaces].sort());
    }
  });

  for (const ns of namespaces) {
    it(`"${ns}" has every key, non-empty, with the same placeholders, in all seven locales`, () => {
      const reference = load('en', ns);
      for (const lng of LOCALES) {
        const messages = load(lng, ns);
        expect(Object.keys(messages).sort(), `${lng}/${ns}.json keys`).toEqual(Object.keys(reference).sort());
        for (const [key, text] of Object.entries(messages)) {
          expect(text.trim(), `${lng}/${ns}.json ${key} is empty`).not.toBe('');
          expect(placeholders(text), `${lng}/${ns}.json ${key} placeholders`).toEqual(placeholders(reference[key]));
        }
      }
    });
  }
});
