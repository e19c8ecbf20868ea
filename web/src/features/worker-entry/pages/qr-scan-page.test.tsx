import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicFacility, PublicRoom } from '#contract/worker.ts';
import en from '#web/locales/en/qrScan.json';
import he from '#web/locales/he/qrScan.json';
import errorsEn from '#web/locales/en/errors.json';
import { findToast, mockFetch, renderWorkerPage, requestsTo, type MockResponse } from '#web/test/render.tsx';
import { suggestUnits } from '#contract/worker-rules.ts';
import QrScanPage from './qr-scan-page.tsx';
import commonEn from '#web/locales/en/common.json';
import { outboxEntries, resetOutboxForTests } from '#web/lib/outbox.ts';

/** The server's suggestions: the first 10 matches of `q` (its ranking is tested on the server). */
const searchAnswer =
  (all: PublicRoom[]) =>
  ({ url }: { url: string }) => ({
    body: suggestUnits(all, new URL(url, 'http://x').searchParams.get('q') ?? ''),
  });
const qOf = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams.get('q');

const room = (id: string, number: string, floor: number | null, name: string | null = null): PublicRoom => ({
  id,
  number,
  name,
  description: null,
  floor,
  type: 'apartment',
  facilityType: 'construction',
  status: 'needs_cleaning',
});
const units = [room('u1', 'A101', 1), room('u2', 'B101', 1), room('u3', 'C205', 2), room('u4', '12', 0), room('u5', '112', 1)];
const project: PublicFacility = { id: 'p1', name: 'Migdal Ha-Yam', facilityType: 'construction', isActive: true };

function setup({
  facility = { body: project },
  names = ['Ivan Petrov Sidorov', 'Anna Lee'],
  session,
  url = '/qr-scan?qrId=qr-1',
}: { facility?: MockResponse; names?: string[]; session?: MockResponse; url?: string } = {}) {
  const fetchMock = mockFetch({
    'GET /api/facility/by-qr/qr-1': facility,
    'GET /api/rooms-public': searchAnswer(units),
    'GET /api/worker-names': { body: names },
    'POST /api/work-sessions': session ?? {
      status: 201,
      body: { message: 'Work started successfully', continuing: false, sessionId: 's1' },
    },
  });
  const view = renderWorkerPage(<QrScanPage />, { url, language: 'en' });
  return { fetchMock, ...view };
}

/** Step 1 → step 2 in English, waiting until the unit list has loaded. */
async function chooseEnglish(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('language-en'));
  await waitFor(() => expect(screen.getByTestId('unit-input')).toBeEnabled());
}

const startButton = () => screen.getByTestId('start-button');

describe('/qr-scan worker entry', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('offers all seven languages in their own scripts; choosing Hebrew turns the page right-to-left', async () => {
    const user = userEvent.setup();
    const { container } = setup();
    for (const label of ['עברית', 'English', 'Русский', 'العربية', 'Українська', 'हिन्दी', 'አማርኛ']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
    await user.click(screen.getByTestId('language-he'));
    expect(await screen.findByText(he.unit.label)).toBeInTheDocument();
    expect(container.querySelector('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('shalav.language')).toBe('he');
  });

  it('typing "101" with units A101 and B101 asks to pick one; a unique number selects itself and fills the floor', async () => {
    const user = userEvent.setup();
    setup();
    await chooseEnglish(user);
    const input = screen.getByTestId('unit-input');

    await user.type(input, '101');
    expect(await screen.findByText(en.unit.several)).toBeInTheDocument();
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('A101'), expect.stringContaining('B101')]);
    expect(screen.queryByTestId('unit-selected')).toBeNull();

    await user.clear(input);
    await user.type(input, '205');
    expect(await screen.findByTestId('unit-selected')).toHaveTextContent('Selected: C205');
    expect(screen.getByTestId('floor-input')).toHaveValue('2');

    await user.clear(input);
    await user.type(input, '999');
    expect(await screen.findByText('No apartment found with number 999')).toBeInTheDocument();
    expect(screen.getByTestId('floor-input')).toHaveValue('');
  });

  it('a tap on a suggestion selects that unit; an exact number wins over longer numbers containing it', async () => {
    const user = userEvent.setup();
    setup();
    await chooseEnglish(user);
    const input = screen.getByTestId('unit-input');
    await user.type(input, '101');
    await screen.findByText(en.unit.several);
    await user.click(within(screen.getByRole('listbox')).getByText('B101'));
    expect(input).toHaveValue('B101');
    expect(screen.getByTestId('unit-selected')).toHaveTextContent('Selected: B101');
    expect(screen.getByTestId('floor-input')).toHaveValue('1');

    await user.clear(input);
    await user.type(input, '12');
    expect(await screen.findByTestId('unit-selected')).toHaveTextContent('Selected: 12');
    expect(screen.getByTestId('floor-input')).toHaveValue('0');
  });

  it('keeps the start button disabled until a unit and a first name are there', async () => {
    const user = userEvent.setup();
    setup();
    await chooseEnglish(user);
    expect(startButton()).toBeDisabled();
    expect(screen.getByText(en.unit.required)).toBeInTheDocument();
    expect(screen.getByText(en.firstName.required)).toBeInTheDocument();

    await user.type(screen.getByTestId('unit-input'), 'C205');
    await screen.findByTestId('unit-selected');
    expect(startButton()).toBeDisabled();
    await user.type(screen.getByTestId('first-name-input'), '   ');
    expect(startButton()).toBeDisabled();
    await user.clear(screen.getByTestId('first-name-input'));
    await user.type(screen.getByTestId('first-name-input'), 'Moshe');
    expect(startButton()).toBeEnabled();

    await user.clear(screen.getByTestId('unit-input'));
    expect(startButton()).toBeDisabled();
  });

  it('choosing a known name puts the first word in the first name and the rest in the last name', async () => {
    const user = userEvent.setup();
    setup();
    await chooseEnglish(user);
    await user.type(screen.getByTestId('first-name-input'), 'pet');
    const list = screen.getByRole('listbox', { name: en.firstName.suggestions });
    await user.click(within(list).getByText('Ivan Petrov Sidorov'));
    expect(screen.getByTestId('first-name-input')).toHaveValue('Ivan');
    expect(screen.getByTestId('last-name-input')).toHaveValue('Petrov Sidorov');
  });

  it('posts unit, full name and floor, says "work started" in the worker\'s language and opens the unit\'s tasks', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await chooseEnglish(user);
    await user.type(screen.getByTestId('unit-input'), '205');
    await screen.findByTestId('unit-selected');
    await user.type(screen.getByTestId('first-name-input'), 'Moshe');
    await user.type(screen.getByTestId('last-name-input'), 'Ben David');
    await user.click(startButton());

    await findToast(en.started);
    expect(requestsTo(fetchMock, 'POST /api/work-sessions')).toEqual([{ roomId: 'u3', workerName: 'Moshe Ben David', floorNumber: 2 }]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/work-tasks/u3?workerName=Moshe%20Ben%20David&floorNumber=2');
    expect(JSON.parse(localStorage.getItem('shalav.worker.name')!)).toEqual({ first: 'Moshe', last: 'Ben David' });
  });

  it('says "continuing existing work" when the server finds today\'s session, and pre-fills the remembered name', async () => {
    localStorage.setItem('shalav.worker.name', JSON.stringify({ first: 'Anna', last: 'Lee' }));
    const user = userEvent.setup();
    const { fetchMock } = setup({
      session: { status: 200, body: { message: 'Continuing existing work', continuing: true, sessionId: 's1' } },
    });
    await chooseEnglish(user);
    expect(screen.getByTestId('first-name-input')).toHaveValue('Anna');
    expect(screen.getByTestId('last-name-input')).toHaveValue('Lee');
    await user.type(screen.getByTestId('unit-input'), 'A101');
    await screen.findByTestId('unit-selected');
    await user.clear(screen.getByTestId('floor-input'));
    await user.type(screen.getByTestId('floor-input'), '3');
    await user.click(startButton());

    await findToast(en.continuing);
    expect(requestsTo(fetchMock, 'POST /api/work-sessions')).toEqual([{ roomId: 'u1', workerName: 'Anna Lee', floorNumber: 3 }]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/work-tasks/u1?workerName=Anna%20Lee&floorNumber=3');
  });

  it("shows the reason in the worker's language when the server refuses, and stays on the form", async () => {
    const user = userEvent.setup();
    setup({ session: { status: 429, body: { code: 'rate_limited', message: 'Too many requests. Please wait a minute and try again.' } } });
    await chooseEnglish(user);
    await user.type(screen.getByTestId('unit-input'), '205');
    await screen.findByTestId('unit-selected');
    await user.type(screen.getByTestId('first-name-input'), 'Moshe');
    await user.click(startButton());
    await findToast(en.errors.tooMany);
    expect(startButton()).toBeEnabled();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it("words any other refusal by its code (errors namespace), never with the server's English", async () => {
    const user = userEvent.setup();
    setup({ session: { status: 400, body: { code: 'validation_failed', message: 'SERVER ENGLISH' } } });
    await chooseEnglish(user);
    await user.type(screen.getByTestId('unit-input'), '205');
    await screen.findByTestId('unit-selected');
    await user.type(screen.getByTestId('first-name-input'), 'Moshe');
    await user.click(startButton());
    const toast = await findToast(errorsEn.validation_failed);
    expect(toast).not.toHaveTextContent('SERVER ENGLISH');
    expect(startButton()).toBeEnabled();
  });

  it('isolates the suggested names (<bdi>) so a Hebrew name in a Latin list keeps its order', async () => {
    const user = userEvent.setup();
    setup({ names: ['משה כהן', 'Anna Lee'] });
    await chooseEnglish(user);
    await user.type(screen.getByTestId('first-name-input'), 'משה');
    expect((await screen.findByText('משה כהן')).tagName).toBe('BDI');
    expect(screen.getByTestId('first-name-input')).toHaveAttribute('dir', 'auto');
  });

  it('falls back to "HTTP error! status: N" when the server gives no message', async () => {
    const user = userEvent.setup();
    setup({ session: { status: 502 } });
    await chooseEnglish(user);
    await user.type(screen.getByTestId('unit-input'), '205');
    await screen.findByTestId('unit-selected');
    await user.type(screen.getByTestId('first-name-input'), 'Moshe');
    await user.click(startButton());
    await findToast('HTTP error! status: 502');
  });

  it('says no project matches an unknown QR code', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup({ facility: { status: 404, body: { code: 'qr_not_found', message: 'Not found' } } });
    await user.click(screen.getByTestId('language-en'));
    expect(await screen.findByText(en.errors.unknownQr)).toBeInTheDocument();
    expect(screen.queryByTestId('unit-input')).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/rooms-public')).toHaveLength(0);
  });

  it('tells the worker new work is blocked in an inactive project and to contact the site manager', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup({ facility: { body: { ...project, isActive: false } } });
    await user.click(screen.getByTestId('language-en'));
    expect(await screen.findByText(en.errors.inactiveTitle)).toBeInTheDocument();
    expect(screen.getByText(en.errors.inactive)).toBeInTheDocument();
    expect(screen.queryByTestId('start-button')).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/rooms-public')).toHaveLength(0);
  });

  it('explains a missing QR id when no project was scanned before', async () => {
    const user = userEvent.setup();
    setup({ url: '/qr-scan' });
    await user.click(screen.getByTestId('language-en'));
    expect(screen.getByText(en.errors.noQr)).toBeInTheDocument();
  });

  it('reopens the last scanned project on a bare /qr-scan (the "next unit" button)', async () => {
    localStorage.setItem('shalav.worker.qrId', 'qr-1');
    const user = userEvent.setup();
    setup({ url: '/qr-scan' });
    await chooseEnglish(user);
    expect(screen.getByText('Project: Migdal Ha-Yam')).toBeInTheDocument();
  });

  it('says so when the project has no units yet', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/facility/by-qr/qr-1': { body: project },
      'GET /api/rooms-public': { body: [] },
      'GET /api/worker-names': { body: [] },
    });
    renderWorkerPage(<QrScanPage />, { url: '/qr-scan?qrId=qr-1', language: 'en' });
    await user.click(screen.getByTestId('language-en'));
    expect(await screen.findByText(en.errors.noUnits)).toBeInTheDocument();
  });

  it('offers a retry when the unit list fails to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/facility/by-qr/qr-1': { body: project },
      'GET /api/rooms-public': () => (fail ? { status: 503, body: { message: 'down' } } : { body: units }),
      'GET /api/worker-names': { body: [] },
    });
    renderWorkerPage(<QrScanPage />, { url: '/qr-scan?qrId=qr-1', language: 'en' });
    await user.click(screen.getByTestId('language-en'));
    // A 5xx is retried once (after 1 s) before the error shows.
    expect(await screen.findByText(en.errors.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    await waitFor(() => expect(screen.getByTestId('unit-input')).toBeEnabled());
  });
  it('asks the server for the typed text once the typing pauses, and drops the answer to older text', async () => {
    const user = userEvent.setup();
    // 1,000 units: the page never holds more than the server's 10.
    const many = Array.from({ length: 1000 }, (_, i) => room(`m${i}`, `B${100 + i}`, Math.floor(i / 10)));
    let slow: ((v: unknown) => void) | undefined;
    const fetchMock = mockFetch({
      'GET /api/facility/by-qr/qr-1': { body: project },
      'GET /api/rooms-public': async (req) => {
        const q = new URL(req.url, 'http://x').searchParams.get('q');
        // The answer to "B1" arrives late, after the answer to "B104".
        if (q === 'B1') await new Promise((resolve) => (slow = resolve));
        return searchAnswer(many)(req);
      },
      'GET /api/worker-names': { body: [] },
    });
    renderWorkerPage(<QrScanPage />, { url: '/qr-scan?qrId=qr-1', language: 'en' });
    await chooseEnglish(user);
    const input = screen.getByTestId('unit-input');
    await user.type(input, 'B1');
    await waitFor(() => expect(fetchMock.mock.calls.map(qOf)).toContain('B1'));
    await user.type(input, '04');
    expect(await screen.findByTestId('unit-selected')).toHaveTextContent('Selected: B104');
    await waitFor(() => expect(fetchMock.mock.calls.map(qOf)).toContain('B104'));
    await new Promise((r) => setTimeout(r, 50));
    slow?.(undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('unit-selected')).toHaveTextContent('Selected: B104');
    const asked = fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('/api/rooms-public')).map(qOf);
    // Typed quickly: one request per pause, not one per keystroke (5 here); the first asks for the first 10.
    expect(asked[0]).toBe('');
    expect(asked.at(-1)).toBe('B104');
    expect(asked.length).toBeLessThan(5);
    const cancelled = fetchMock.mock.calls.find((c) => qOf(c) === 'B1')![1] as RequestInit;
    expect(cancelled.signal?.aborted).toBe(true);
  });

  it('has no serious accessibility violations on either step, suggestion list open', async () => {
    const serious = async () => {
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    };
    const user = userEvent.setup();
    setup();
    expect(await serious()).toEqual([]);
    await chooseEnglish(user);
    await user.type(screen.getByTestId('unit-input'), '101');
    await screen.findByText(en.unit.several);
    expect(screen.getByRole('listbox')).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});

describe('/qr-scan inactivity', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => void vi.useRealTimers());

  it('warns with a countdown, closes the form after 30 idle minutes, and restarts with an empty form (the language is known)', async () => {
    setup();
    fireEvent.click(screen.getByTestId('language-en'));
    await waitFor(() => expect(screen.getByTestId('unit-input')).toBeEnabled());
    fireEvent.change(screen.getByTestId('unit-input'), { target: { value: '205' } });

    act(() => void vi.advanceTimersByTime(25 * 60_000 + 1000));
    expect(screen.getByText(en.idle.warning)).toBeInTheDocument();
    expect(screen.getByText('Time left: 4:59')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(5 * 60_000));
    expect(screen.getByText(en.idle.closed)).toBeInTheDocument();
    expect(screen.queryByTestId('unit-input')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: new RegExp(en.idle.restart) }));
    expect(screen.queryByTestId('language-en')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('unit-input')).toBeEnabled());
    expect(screen.getByTestId('unit-input')).toHaveValue('');
  });

  it('"extend" gives the full 30 minutes again', async () => {
    setup();
    act(() => void vi.advanceTimersByTime(26 * 60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Extend to 30 minutes' }));
    expect(screen.queryByText(en.idle.warning)).toBeNull();
    act(() => void vi.advanceTimersByTime(29 * 60_000));
    expect(screen.queryByText(en.idle.closed)).toBeNull();
  });
});

describe('/qr-scan without signal (docs/product.md "Working without signal")', () => {
  beforeEach(() => {
    localStorage.clear();
    resetOutboxForTests();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetOutboxForTests();
  });
  const noSignal = (): MockResponse => {
    throw new TypeError('Failed to fetch');
  };

  it('suggests the units seen on this phone, and "start work" waits in the outbox while the worker goes on to the unit', async () => {
    const user = userEvent.setup();
    const seen = setup();
    await chooseEnglish(user);
    seen.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = mockFetch({
      'GET /api/facility/by-qr/qr-1': noSignal,
      'GET /api/rooms-public': noSignal,
      'GET /api/worker-names': noSignal,
      'POST /api/work-sessions': noSignal,
    });
    renderWorkerPage(<QrScanPage />, { url: '/qr-scan?qrId=qr-1', language: 'en' });
    // The language chosen on the first visit is remembered: straight to the details.
    await screen.findByTestId('unit-input');
    expect(screen.getByText(en.projectName.replace('{{name}}', 'Migdal Ha-Yam'))).toBeInTheDocument();
    expect(screen.getByTestId('saved-as-of')).toHaveTextContent(/as of \d{1,2}:\d{2}/);
    expect(await screen.findByText(commonEn.offline.seenUnits)).toBeInTheDocument();

    await user.type(screen.getByTestId('unit-input'), 'c20');
    expect(await screen.findByTestId('unit-selected')).toHaveTextContent('C205');
    await user.type(screen.getByTestId('first-name-input'), 'Moshe');
    await user.click(startButton());

    await findToast(commonEn.offline.startWaiting);
    expect(await screen.findByTestId('location')).toHaveTextContent('/work-tasks/u3?workerName=Moshe&floorNumber=2');
    expect(outboxEntries()).toMatchObject([
      { kind: 'session', roomId: 'u3', label: 'C205', body: { roomId: 'u3', workerName: 'Moshe', floorNumber: 2 } },
    ]);
    // The outbox sends it under the key of the attempt that met no signal.
    const sent = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(((sent[0][1] as RequestInit).headers as Record<string, string>)['Idempotency-Key']).toBe(outboxEntries()[0].key);
  });

  it('a 4xx refusal of "start work" is not taken for no signal: nothing waits, the form says why', async () => {
    const user = userEvent.setup();
    setup({ session: { status: 403, body: { code: 'project_inactive', message: 'x' } } });
    await chooseEnglish(user);
    await user.type(screen.getByTestId('unit-input'), '205');
    await screen.findByTestId('unit-selected');
    await user.type(screen.getByTestId('first-name-input'), 'Moshe');
    await user.click(startButton());
    await findToast(en.errors.inactive);
    expect(outboxEntries()).toEqual([]);
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('/qr-scan remembers the worker (docs/product.md "Working without signal")', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('skips the language step once a language was chosen, and offers the language in the header', async () => {
    localStorage.setItem('shalav.language', 'en');
    setup();
    await waitFor(() => expect(screen.getByTestId('unit-input')).toBeEnabled());
    expect(screen.queryByTestId('language-en')).toBeNull();
    expect(screen.getByTestId('language-select')).toHaveValue('en');
    expect(window.location.search).toContain('step=details');
  });

  it('shows the language step on the first visit; browser back from the details returns to it, not out', async () => {
    const user = userEvent.setup();
    setup();
    expect(screen.getByTestId('language-en')).toBeInTheDocument();
    expect(screen.queryByTestId('language-select')).toBeNull();
    await chooseEnglish(user);
    expect(window.location.search).toContain('step=details');

    act(() => window.history.back());
    expect(await screen.findByTestId('language-en')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/qr-scan');
    expect(window.location.search).toContain('step=language');
  });

  it('the in-page back on a details step opened directly goes to the language step', async () => {
    const user = userEvent.setup();
    localStorage.setItem('shalav.language', 'en');
    setup();
    await waitFor(() => expect(screen.getByTestId('unit-input')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: en.back }));
    expect(await screen.findByTestId('language-en')).toBeInTheDocument();
  });

  it('keeps what was typed across a reload, and forgets it once work started', async () => {
    const user = userEvent.setup();
    const first = setup();
    await chooseEnglish(user);
    await user.type(screen.getByTestId('unit-input'), '205');
    await waitFor(() => expect(screen.getByTestId('unit-selected')).toHaveTextContent('C205'));
    await user.clear(screen.getByTestId('floor-input'));
    await user.type(screen.getByTestId('floor-input'), '3');
    await user.type(screen.getByTestId('first-name-input'), 'Dana');
    await user.type(screen.getByTestId('last-name-input'), 'Cohen');
    first.unmount();

    // The reload: same tab, same address.
    const { fetchMock } = setup({ url: `/qr-scan?qrId=qr-1&step=details` });
    await waitFor(() => expect(screen.getByTestId('unit-input')).toBeEnabled());
    expect(screen.getByTestId('unit-input')).toHaveValue('C205');
    expect(screen.getByTestId('unit-selected')).toHaveTextContent('C205');
    expect(screen.getByTestId('floor-input')).toHaveValue('3');
    expect(screen.getByTestId('first-name-input')).toHaveValue('Dana');
    expect(screen.getByTestId('last-name-input')).toHaveValue('Cohen');

    await user.click(startButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/work-tasks/u3');
    expect(requestsTo(fetchMock, 'POST /api/work-sessions')).toEqual([{ roomId: 'u3', workerName: 'Dana Cohen', floorNumber: 3 }]);
    expect(sessionStorage.getItem('shalav.draft.start.qr-1')).toBeNull();
  });
});
