import { describe, expect, it, vi } from 'vitest';

// i18next's default instance is shared by every test file in this worker (web/src/test/setup.ts): the
// module under test gets one of its own, as a page has at its start.
vi.mock('i18next', async (importActual) => {
  const actual = await importActual<typeof import('i18next')>();
  return { ...actual, default: actual.createInstance() };
});
const { initI18n, setLanguage } = await import('./i18n.ts');

describe('the document follows the language (RTL for Hebrew and Arabic)', () => {
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
