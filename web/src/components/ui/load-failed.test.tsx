import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense, type ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import en from '../../locales/en/common.json';
import { LoadFailed, lazyOr } from './load-failed.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { common: en } } });
});
afterEach(() => vi.unstubAllGlobals());

/** A part whose code does not arrive, as a lazily loaded chunk with the signal gone. */
const missingChunk = () =>
  Promise.reject<{ default: ComponentType<{ name?: string }> }>(new TypeError('Failed to fetch dynamically imported module'));

describe('a lazily loaded part that does not arrive', () => {
  it('leaves the rest of the page and says so, with a reload', async () => {
    const Missing = lazyOr(missingChunk, () => <LoadFailed />);
    render(
      <I18nProvider i18n={i18n}>
        <p>The unit&apos;s tasks</p>
        <Suspense fallback={null}>
          <Missing />
        </Suspense>
      </I18nProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(en.state.loadFailed);
    expect(screen.getByText("The unit's tasks")).toBeInTheDocument();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fireEvent.click(screen.getByRole('button', { name: en.actions.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('renders the stand-in with the props the part was given', async () => {
    const Missing = lazyOr(missingChunk, ({ name }: { name?: string }) => (
      <div>
        Summary of {name} <LoadFailed />
      </div>
    ));
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={null}>
          <Missing name="Plaster" />
        </Suspense>
      </I18nProvider>,
    );
    expect(await screen.findByText('Summary of Plaster')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.actions.reload })).toBeInTheDocument();
  });

  it('renders the part itself when its code arrives', async () => {
    const Present = lazyOr(
      () => Promise.resolve({ default: () => <p>Open card</p> }),
      () => <LoadFailed />,
    );
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={null}>
          <Present />
        </Suspense>
      </I18nProvider>,
    );
    expect(await screen.findByText('Open card')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
