import { Suspense, memo } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import i18next, { type BackendModule, type ReadCallback, type ResourceKey, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18nProvider, useTranslation } from './i18n-react.tsx';

/** A backend whose files arrive when the test says: `answer('en/tasks', {...})` or an Error. */
function handBackend() {
  const waiting = new Map<string, ReadCallback>();
  const reads: string[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      reads.push(`${language}/${namespace}`);
      waiting.set(`${language}/${namespace}`, callback);
    },
  };
  async function answer(file: string, content: ResourceKey | Error) {
    await waitFor(() => expect(waiting.has(file)).toBe(true));
    const callback = waiting.get(file)!;
    waiting.delete(file);
    await act(async () => (content instanceof Error ? callback(content, false) : callback(null, content)));
  }
  return { backend, reads, answer };
}

/** A fresh i18next on the hand backend; `common` is loaded unless `loadCommon` is false. */
async function createI18n(common: ResourceKey, options: { loadCommon?: boolean } = {}) {
  const hand = handBackend();
  const i18n = i18next.createInstance();
  const initialized = i18n.use(hand.backend).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  if (options.loadCommon !== false) {
    await hand.answer('en/common', common);
    await initialized;
  }
  return { i18n, ...hand };
}

function Words({ ns, keys }: { ns: string | readonly string[]; keys: string[] }) {
  const { t } = useTranslation(ns);
  return (
    <ul>
      {keys.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}

/** Re-renders only when `t` changes identity: what a memoized consumer of the hook sees. */
const MemoGreeting = memo(function MemoGreeting({ t }: { t: ReturnType<typeof useTranslation>['t'] }) {
  return <p>memo: {t('greeting')}</p>;
});
function WordsAndMemo() {
  const { t } = useTranslation('common');
  return (
    <>
      <p>{t('greeting')}</p>
      <MemoGreeting t={t} />
    </>
  );
}

function renderWords(i18n: I18n, ns: string | readonly string[], keys: string[]) {
  return render(
    <I18nProvider i18n={i18n}>
      <Suspense fallback={<p>loading words</p>}>
        <Words ns={ns} keys={keys} />
      </Suspense>
    </I18nProvider>,
  );
}

describe('useTranslation', () => {
  it('suspends until a namespace not loaded yet arrives, then renders its text', async () => {
    const { i18n, reads, answer } = await createI18n({ greeting: 'Hello' });
    renderWords(i18n, 'tasks', ['title']);
    expect(screen.getByText('loading words')).toBeInTheDocument();
    expect(screen.queryByText('title')).not.toBeInTheDocument();

    await answer('en/tasks', { title: 'Tasks for today' });
    expect(await screen.findByText('Tasks for today')).toBeInTheDocument();
    expect(screen.queryByText('loading words')).not.toBeInTheDocument();
    expect(reads).toEqual(['en/common', 'en/tasks']);
  });

  it('suspends until i18next has initialized with its first namespace', async () => {
    const { i18n, answer } = await createI18n({}, { loadCommon: false });
    renderWords(i18n, 'common', ['greeting']);
    expect(screen.getByText('loading words')).toBeInTheDocument();

    await answer('en/common', { greeting: 'Hello' });
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.queryByText('loading words')).not.toBeInTheDocument();
  });

  // init() loads only its own namespaces: one asked for meanwhile must still be requested.
  it('loads a namespace asked for before i18next finished initializing', async () => {
    const { i18n, answer } = await createI18n({}, { loadCommon: false });
    renderWords(i18n, 'tasks', ['title']);
    expect(screen.getByText('loading words')).toBeInTheDocument();

    await answer('en/common', { greeting: 'Hello' });
    await answer('en/tasks', { title: 'Tasks for today' });
    expect(await screen.findByText('Tasks for today')).toBeInTheDocument();
  });

  it('re-renders in the other language when the language changes', async () => {
    const { i18n, reads, answer } = await createI18n({ greeting: 'Hello' });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading words</p>}>
          <WordsAndMemo />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.getByText('memo: Hello')).toBeInTheDocument();

    let changed!: Promise<unknown>;
    act(() => void (changed = i18n.changeLanguage('he')));
    await answer('he/common', { greeting: 'שלום' });
    await act(() => changed);
    expect(await screen.findByText('שלום')).toBeInTheDocument();
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
    // A new `t` on a language change, so memoized consumers follow too.
    expect(screen.getByText('memo: שלום')).toBeInTheDocument();

    // Back to a language already here: no new file, and the text follows.
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.getByText('memo: Hello')).toBeInTheDocument();
    expect(reads).toEqual(['en/common', 'he/common']);
  });

  it('with an array of namespaces looks a key up in the first, then the second', async () => {
    const { i18n, answer } = await createI18n({ shared: 'Shared from common', onlyCommon: 'Only in common' });
    renderWords(i18n, ['tasks', 'common'], ['shared', 'onlyCommon', 'onlyTasks']);
    expect(screen.getByText('loading words')).toBeInTheDocument();

    await answer('en/tasks', { shared: 'Shared from tasks', onlyTasks: 'Only in tasks' });
    expect(await screen.findByText('Shared from tasks')).toBeInTheDocument();
    expect(screen.getByText('Only in common')).toBeInTheDocument();
    expect(screen.getByText('Only in tasks')).toBeInTheDocument();
    expect(screen.queryByText('Shared from common')).not.toBeInTheDocument();
  });

  it('renders the keys instead of suspending forever when a namespace file fails to load', async () => {
    const { i18n, reads, answer } = await createI18n({ greeting: 'Hello' });
    const { rerender } = renderWords(i18n, 'tasks', ['title']);
    expect(screen.getByText('loading words')).toBeInTheDocument();

    await answer('en/tasks', new Error('missing locale file en/tasks'));
    expect(await screen.findByText('title')).toBeInTheDocument();
    expect(screen.queryByText('loading words')).not.toBeInTheDocument();

    // Later renders keep showing the page rather than suspending on the same file again.
    rerender(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading words</p>}>
          <Words ns="tasks" keys={['title', 'subtitle']} />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('subtitle')).toBeInTheDocument();
    expect(screen.queryByText('loading words')).not.toBeInTheDocument();
    expect(reads).toEqual(['en/common', 'en/tasks']);
  });
});
