import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense, type ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '#web/lib/i18n-react.tsx';
import en from '#web/locales/en/common.json';
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

describe('a lazily loaded part loaded ahead (decision 024)', () => {
  it('is drawn at once, without its fallback, once preload() has brought its code', async () => {
    let arrived!: (m: { default: ComponentType }) => void;
    const load = vi.fn(() => new Promise<{ default: ComponentType }>((resolve) => (arrived = resolve)));
    const Card = lazyOr(load, () => <LoadFailed />);
    Card.preload();
    Card.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => arrived({ default: () => <p>Open card</p> }));
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>Card summary</p>}>
          <Card />
        </Suspense>
      </I18nProvider>,
    );
    // In the first commit: no fallback was ever shown, so the page was not drawn twice.
    expect(screen.getByText('Open card')).toBeInTheDocument();
    expect(screen.queryByText('Card summary')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed into a part drawn before its code arrived when the page draws again', async () => {
    let arrived!: (m: { default: ComponentType<{ label: string }> }) => void;
    const Notes = lazyOr(
      () => new Promise<{ default: ComponentType<{ label: string }> }>((resolve) => (arrived = resolve)),
      () => <LoadFailed />,
    );
    const page = (label: string) => (
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>Loading notes</p>}>
          <Notes label={label} />
        </Suspense>
      </I18nProvider>
    );
    const { rerender } = render(page('Notes'));
    expect(screen.getByText('Loading notes')).toBeInTheDocument();
    await act(async () => arrived({ default: ({ label }) => <input aria-label={label} /> }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Notes' }), { target: { value: 'crack by the window' } });
    rerender(page('Notes for the unit'));
    // The same input, not a new one: the part is not remounted once its code is known.
    expect(screen.getByRole('textbox', { name: 'Notes for the unit' })).toHaveValue('crack by the window');
  });
});
