import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkTo, navigate, useHref, useLocationUrl } from './navigation.ts';

function Probe() {
  const href = useHref();
  const url = useLocationUrl();
  return (
    <>
      <p data-testid="href">{href}</p>
      <p data-testid="path">{url.pathname}</p>
      <p data-testid="worker">{url.searchParams.get('workerName') ?? ''}</p>
    </>
  );
}
const shownHref = () => screen.getByTestId('href').textContent;

// A push (not a replace) drops the forward entries an earlier back() left, so history.length counts.
beforeEach(() => window.history.pushState(null, '', '/start'));

describe('navigate', () => {
  it('changes the address and re-renders useHref and useLocationUrl readers, adding a history entry', () => {
    render(<Probe />);
    expect(shownHref()).toBe('/start');
    const entries = window.history.length;

    act(() => navigate('/work-tasks/r1?workerName=Dana'));
    expect(window.location.pathname).toBe('/work-tasks/r1');
    expect(window.location.search).toBe('?workerName=Dana');
    expect(shownHref()).toBe('/work-tasks/r1?workerName=Dana');
    expect(screen.getByTestId('path')).toHaveTextContent('/work-tasks/r1');
    expect(screen.getByTestId('worker')).toHaveTextContent('Dana');
    expect(window.history.length).toBe(entries + 1);
  });

  it('with replace changes the address without adding a history entry', () => {
    render(<Probe />);
    const entries = window.history.length;

    act(() => navigate('/qr-scan?qr=abc', { replace: true }));
    expect(window.location.pathname).toBe('/qr-scan');
    expect(shownHref()).toBe('/qr-scan?qr=abc');
    expect(window.history.length).toBe(entries);
  });

  it("re-renders on the browser's back", async () => {
    render(<Probe />);
    act(() => navigate('/qr-scan'));
    act(() => navigate('/work-tasks/r1'));
    expect(shownHref()).toBe('/work-tasks/r1');

    // jsdom traverses history asynchronously and then fires popstate, as a browser does.
    window.history.back();
    expect(await screen.findByText('/qr-scan', { selector: '[data-testid="href"]' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/qr-scan');
  });
});

describe('linkTo', () => {
  /**
   * Whether the page's click handler prevented the browser's default, read by a window listener,
   * which runs after React's (delegated to the root). It then prevents the default itself: jsdom
   * cannot load another document.
   */
  let defaultPrevented: boolean | undefined;
  const record = (event: Event) => {
    defaultPrevented = event.defaultPrevented;
    event.preventDefault();
  };
  beforeEach(() => {
    defaultPrevented = undefined;
    window.addEventListener('click', record);
  });
  afterEach(() => window.removeEventListener('click', record));

  function Page({ to }: { to: string }) {
    return (
      <>
        <Probe />
        <a {...linkTo(to)}>go</a>
      </>
    );
  }

  it('gives the <a> its href', () => {
    render(<Page to="/qr-scan" />);
    expect(screen.getByRole('link', { name: 'go' })).toHaveAttribute('href', '/qr-scan');
  });

  it('opens a worker page on a plain click without a document load', () => {
    render(<Page to="/qr-scan" />);
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'go' }));
    expect(defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/qr-scan');
    expect(shownHref()).toBe('/qr-scan');
    expect(window.history.length).toBe(entries + 1);
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle-button', { button: 1 }],
  ])('leaves a %s click to the browser', (_kind, init) => {
    render(<Page to="/qr-scan" />);
    fireEvent.click(screen.getByRole('link', { name: 'go' }), init);
    expect(defaultPrevented).toBe(false);
    expect(window.location.pathname).toBe('/start');
    expect(shownHref()).toBe('/start');
  });

  it.each(['/', '/login', '/rooms/r1'])('leaves a link to %s (not a worker page) to the browser', (to) => {
    render(<Page to={to} />);
    fireEvent.click(screen.getByRole('link', { name: 'go' }));
    expect(defaultPrevented).toBe(false);
    expect(window.location.pathname).toBe('/start');
    expect(shownHref()).toBe('/start');
  });
});
