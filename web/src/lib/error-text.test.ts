import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#contract/errors.ts';
import { LOCALES } from '#contract/constants.ts';
import { ApiError } from './api.ts';
import { errorText } from './error-text.ts';

const dir = path.resolve(__dirname, '../locales');
const words = (lng: string) => JSON.parse(fs.readFileSync(path.join(dir, lng, 'errors.json'), 'utf8')) as Record<string, string>;

async function tIn(lng: string) {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { errors: words(lng) } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('errorText', () => {
  it('has words for every error code of the contract in every language', () => {
    for (const lng of LOCALES) {
      const keys = Object.keys(words(lng));
      for (const code of ERROR_CODES) expect(keys, `${lng}/errors.json lacks ${code}`).toContain(code);
    }
  });

  it('words a refusal by its code and params, never with the server text', async () => {
    const t = await tIn('en');
    const err = new ApiError(
      400,
      { code: 'unit_number_unknown', message: 'No unit with number Q999 in this project', params: { number: 'Q999' } },
      '',
    );
    expect(errorText(t, err)).toBe(words('en').unit_number_unknown.replace('{{number}}', 'Q999'));
  });

  it('names the worker who finished a stage when the server says who', async () => {
    const t = await tIn('en');
    const named = new ApiError(409, { code: 'task_already_completed', message: 'x', params: { workerName: 'Dana' } }, '');
    const unnamed = new ApiError(409, { code: 'task_already_completed', message: 'x' }, '');
    expect(errorText(t, named)).toContain('Dana');
    expect(errorText(t, unnamed)).toBe(words('en').task_already_completed);
  });

  it('tells a lost connection apart, and falls back for anything else', async () => {
    const t = await tIn('en');
    expect(errorText(t, new TypeError('Failed to fetch'))).toBe(words('en').network);
    expect(errorText(t, new Error('boom'), 'fallback words')).toBe('fallback words');
    expect(errorText(t, new ApiError(502, undefined, '<html>bad gateway</html>'))).toBe(words('en').unknown);
  });

  it('reads a code it has no words for (a newer server) as the general message or the fallback, never the raw code', async () => {
    const t = await tIn('en');
    const newer = new ApiError(409, { code: 'from_a_newer_server' as never, message: 'Some English text' }, '');
    expect(errorText(t, newer)).toBe(words('en').unknown);
    expect(errorText(t, newer, 'fallback words')).toBe('fallback words');
  });
});
