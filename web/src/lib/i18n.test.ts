import { afterAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from './i18n.ts';

describe('the document follows the language (RTL for Hebrew and Arabic)', () => {
  afterAll(() => setLanguage('en'));

  it('sets lang and dir on <html> at start and on every change of language', async () => {
    initI18n('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    for (const [lng, dir] of [
      ['he', 'rtl'],
      ['ru', 'ltr'],
      ['ar', 'rtl'],
      ['am', 'ltr'],
    ] as const) {
      await setLanguage(lng);
      expect(document.documentElement).toHaveAttribute('lang', lng);
      expect(document.documentElement).toHaveAttribute('dir', dir);
    }
  });
});
