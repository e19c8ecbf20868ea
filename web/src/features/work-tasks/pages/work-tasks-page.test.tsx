import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { Mock } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicRoomDetails, PublicTask } from '#contract/worker.ts';
import { findToast, mockFetch, renderWorkerPage, requestsTo, type MockResponse } from '#web/test/render.tsx';
import { reloadOutboxForTests, resetOutboxForTests } from '#web/lib/outbox.ts';
import { clearSavedForTests } from '#web/lib/offline-store.ts';
import { markPhotoWaiting, resetWaitingPhotosForTests, waitingPhotos } from '#web/lib/offline-photos.ts';
import { findCompletionIntent, findWaitingPhoto, keepCompletionIntent, keepWaitingPhoto } from '#web/lib/photo-store.ts';
import { FakeIndexedDb } from '#web/test/fake-indexeddb.ts';
import { deviceId } from '#web/lib/device-id.ts';
import WorkTasksPage from './work-tasks-page.tsx';

// Compression needs a real canvas; here it hands the file back and records how it was asked.
const compression = vi.hoisted(() => ({ fn: vi.fn(async (file: File) => file) }));
vi.mock('browser-image-compression', () => ({ default: compression.fn }));

const ROOM_ID = '0b6f2a4e-2a43-4c4f-9f6e-1d2a3b4c5d6e';
const room: PublicRoomDetails = {
  id: ROOM_ID,
  number: 'A12',
  name: null,
  description: null,
  floor: 3,
  type: 'apartment',
  facilityType: 'construction',
  status: 'in_progress',
  facilityName: 'Sea Towers',
  projectActive: true,
  today: '2026-11-23',
};
const task = (id: string, name: string, extra: Partial<PublicTask> = {}): PublicTask => ({
  id,
  name,
  description: null,
  translations: null,
  isCompleted: false,
  completedAt: null,
  workerName: null,
  requiresPhoto: false,
  estimatedMinutes: 5,
  recurrence: 'once',
  roomNumber: 'A12',
  ...extra,
});
const tiles = task('t1', 'Wall tiles', { requiresPhoto: true, estimatedMinutes: 30, description: 'Bathroom walls' });
const plaster = task('t2', 'Plaster');
const electric = task('t3', 'Electrical rough-in', { isCompleted: true, completedAt: '2026-11-23T07:00:00.000Z', workerName: 'Yossi' });

const TASKS_URL = `GET /api/scheduled-tasks-public/${ROOM_ID}`;
const COMPLETE = (id: string) => `PUT /api/scheduled-tasks-complete/${id}`;
/** What the fake server has recorded as completed: the task list answers from it. */
const serverDone = new Set<string>();
const completed = (id: string) => (): MockResponse => {
  serverDone.add(id);
  return { body: { message: 'Task completed successfully', taskId: id, completedAt: '2026-11-23T08:00:00.000Z', workDate: '2026-11-23' } };
};

function renderPage(
  url: string,
  routes: Record<string, MockResponse | ((r: { method: string; url: string; body: unknown }) => MockResponse | Promise<MockResponse>)> = {},
  tasks = [tiles, plaster, electric],
) {
  const fetchMock = mockFetch({
    [`GET /api/rooms-public/${ROOM_ID}`]: { body: room },
    [TASKS_URL]: () => ({ body: tasks.map((x) => (serverDone.has(x.id) ? { ...x, isCompleted: true } : x)) }),
    'POST /api/work-sessions': { status: 201, body: { message: 'Work started', continuing: false, sessionId: 's1' } },
    ...routes,
  });
  const view = renderWorkerPage(<WorkTasksPage />, { url });
  return { fetchMock, ...view };
}
const asWorker = `/work-tasks/${ROOM_ID}?workerName=Dana&floorNumber=3`;

/** The headers the page sent with the n-th call to `route`. */
function headersOf(fetchMock: Mock, route: string): Record<string, string>[] {
  const [method, path] = route.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => (init as RequestInit | undefined)?.method === method && String(input).split('?')[0] === path)
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>);
}

/** XMLHttpRequest stand-in: the test decides when progress comes and how the upload ends. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  body: unknown;
  headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const cardOf = (name: string) => screen.getByText(name).closest('li')!;

// The open card's code is loaded on first use (decision 024). Loaded here first, so that no test's
// wait includes compiling it cold: in a fresh clone that took longer than a test waits for a screen.
beforeAll(async () => {
  await import('../components/open-task-card.tsx');
  await import('../components/photo-dialog.tsx');
}, 120_000);

beforeEach(() => {
  sessionStorage.clear();
  // A phone that chose its language before (a fresh phone is asked first: see the last tests).
  localStorage.setItem('shalav.language', 'en');
  serverDone.clear();
  resetOutboxForTests();
  clearSavedForTests();
  resetWaitingPhotosForTests();
  FakeXhr.all = [];
  compression.fn.mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  resetOutboxForTests();
  localStorage.removeItem('shalav.language');
});

describe('Work-tasks page', () => {
  it('without a unit id says so and offers the way back to scanning', async () => {
    renderPage('/work-tasks');
    expect(screen.getByRole('heading', { name: 'Apartment ID not found' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /Back to scanning/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/qr-scan');
  });

  it('says the unit is unknown when the server answers 404', async () => {
    renderPage(asWorker, {
      [`GET /api/rooms-public/${ROOM_ID}`]: { status: 404, body: { code: 'unit_not_found', message: 'Unit not found' } },
    });
    expect(await screen.findByRole('heading', { name: 'Apartment not found. Scan the code again.' })).toBeInTheDocument();
  });

  it('asks for the name first, and starts a work session with it', async () => {
    const { fetchMock } = renderPage(`/work-tasks/${ROOM_ID}?floorNumber=3`);
    expect(await screen.findByRole('heading', { name: 'Welcome to work in apartment A12' })).toBeInTheDocument();
    const start = screen.getByRole('button', { name: /Start work/ });
    expect(start).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: '   ' } });
    fireEvent.click(start);
    await findToast('Please enter your name before starting work');
    expect(requestsTo(fetchMock, 'POST /api/work-sessions')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: ' Dana Levi ' } });
    fireEvent.click(start);
    expect(await screen.findByText('Wall tiles')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/work-sessions')).toEqual([{ roomId: ROOM_ID, workerName: 'Dana Levi', floorNumber: '3' }]);
  });

  it('offers the name this phone already knows when a unit label opens the page, and remembers a new one', async () => {
    localStorage.setItem('shalav.worker.name', JSON.stringify({ first: 'Olena', last: 'Shevchenko' }));
    const { fetchMock } = renderPage(`/work-tasks/${ROOM_ID}`);
    expect(await screen.findByLabelText(/Your name/)).toHaveValue('Olena Shevchenko');
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Rajesh Kumar' } });
    fireEvent.click(screen.getByRole('button', { name: /Start work/ }));
    expect(await screen.findByText('Wall tiles')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/work-sessions')).toEqual([{ roomId: ROOM_ID, workerName: 'Rajesh Kumar' }]);
    expect(JSON.parse(localStorage.getItem('shalav.worker.name')!)).toEqual({ first: 'Rajesh', last: 'Kumar' });
    localStorage.removeItem('shalav.worker.name');
  });

  it('skips the welcome step when the address carries the worker name, and leaves "today" to the project\'s clock', async () => {
    const { fetchMock } = renderPage(asWorker);
    expect(await screen.findByText('Wall tiles')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome to work/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Apartment A12' })).toBeInTheDocument();
    // No date from the phone: the server answers for the project's local day (its time zone).
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/scheduled-tasks-public'))![0])).not.toContain('date=');
    expect(requestsTo(fetchMock, 'POST /api/work-sessions')).toHaveLength(0);
  });

  it("counts today's completed tasks over all of them, and numbers the cards", async () => {
    renderPage(asWorker);
    await screen.findByText('Wall tiles');
    expect(screen.getByTestId('progress-text')).toHaveTextContent('1 of 3 done');
    expect(screen.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuemax', '3');
    expect(within(cardOf('Plaster')).getByText('2')).toBeInTheDocument();
    expect(within(cardOf('Wall tiles')).getByText('Photo required')).toBeInTheDocument();
    expect(within(cardOf('Wall tiles')).getByText('30 min')).toBeInTheDocument();
  });

  it("shows the task in the worker language when the project translated it, else in the manager's words", async () => {
    renderPage(asWorker, {}, [
      task('t9', 'Wall tiles', { translations: { ru: { name: 'Плитка на стенах' } } }),
      task('t8', 'Grout', { translations: { he: { name: 'רובה' } } }),
    ]);
    await screen.findByText('Wall tiles');
    const { default: i18n } = await import('i18next');
    await act(async () => void (await i18n.changeLanguage('ru')));
    try {
      expect(await screen.findByText('Плитка на стенах')).toBeInTheDocument();
      expect(screen.getByText('Grout')).toBeInTheDocument(); // no Russian for it: never blank, never another language
      expect(screen.queryByText('רובה')).toBeNull();
    } finally {
      await act(async () => void (await i18n.changeLanguage('en')));
    }
  });

  it('keeps a completed card closed, struck through and green', async () => {
    renderPage(asWorker);
    await screen.findByText('Electrical rough-in');
    const card = cardOf('Electrical rough-in');
    expect(card).toHaveAttribute('data-completed', 'true');
    expect(card.className).toContain('emerald');
    expect(screen.getByText('Electrical rough-in').closest('p')!.className).toContain('line-through');
    expect(within(card).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByText('Electrical rough-in'));
    expect(within(card).queryByRole('button', { name: /Complete task/ })).toBeNull();
    expect(card).toHaveTextContent('Done by Yossi');
    // The name is isolated: a Hebrew name in an English sentence (or the reverse) keeps its order.
    expect(within(card).getByText('Yossi').tagName).toBe('BDI');
  });

  it('will not complete a photo task before its photo is uploaded, then sends the photo path with an Idempotency-Key', async () => {
    const { fetchMock } = renderPage(asWorker, {
      'POST /api/objects/upload': {
        body: {
          uploadURL: '/api/objects/upload/tok_abcdefghijklmnopqrstuvwxyz',
          objectPath: '/objects/units/u1/p1',
          expiresAt: '2026-11-23T09:00:00.000Z',
        },
      },
      [COMPLETE('t1')]: completed('t1'),
    });
    await screen.findByText('Wall tiles');
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { expanded: false }));
    const complete = await within(cardOf('Wall tiles')).findByRole('button', { name: /Complete task/ });
    expect(complete).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(complete);
    await findToast(/You must upload a photo before completing the task/);
    expect(requestsTo(fetchMock, COMPLETE('t1'))).toHaveLength(0);

    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { name: /Add photo/ }));
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'IMG_1.jpg', { type: 'image/jpeg' });
    fireEvent.change(await screen.findByTestId('photo-file-input'), { target: { files: [photo] } });

    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const options = (compression.fn.mock.calls[0] as unknown[])[1] as Record<string, unknown>;
    expect(options).toMatchObject({ maxWidthOrHeight: 1600, useWebWorker: false, fileType: 'image/jpeg' });
    // Never the library's default CDN.
    expect(options.libURL).toBeUndefined();
    // The (shrunk) photo's size: what the address reserves of the project's daily quota.
    expect(requestsTo(fetchMock, 'POST /api/objects/upload')).toEqual([{ roomId: ROOM_ID, size: 3 }]);

    const xhr = FakeXhr.all[0];
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/objects/upload/tok_abcdefghijklmnopqrstuvwxyz');
    // Counted per phone, like every other worker request.
    expect(xhr.headers['X-Shalav-Device']).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    xhr.progress(50, 100);
    expect(within(cardOf('Wall tiles')).getByText('Uploading photo… 50%')).toBeInTheDocument();
    expect(complete).toHaveAttribute('aria-disabled', 'true');
    xhr.respond(200, { objectPath: '/objects/units/u1/p1', contentType: 'image/jpeg', size: 3 });
    expect(await within(cardOf('Wall tiles')).findByText('Photo uploaded successfully')).toBeInTheDocument();
    expect(complete).toHaveAttribute('aria-disabled', 'false');

    fireEvent.change(within(cardOf('Wall tiles')).getByLabelText(/Notes/), { target: { value: 'north wall done' } });
    const pressedAt = Date.now();
    fireEvent.click(complete);
    await findToast('Task completed successfully');
    // The completion carries the moment the worker pressed "complete" (docs/product.md "Working without signal").
    expect(requestsTo(fetchMock, COMPLETE('t1'))).toEqual([
      {
        notes: 'north wall done',
        photoUrl: '/objects/units/u1/p1',
        workerName: 'Dana',
        completedAt: expect.any(String) as string,
        sentAt: expect.any(String) as string,
      },
    ]);
    const sentAt = Date.parse((requestsTo(fetchMock, COMPLETE('t1'))[0] as { completedAt: string }).completedAt);
    expect(sentAt).toBeGreaterThanOrEqual(pressedAt);
    expect(sentAt).toBeLessThan(pressedAt + 2_000);
    expect(headersOf(fetchMock, COMPLETE('t1'))[0]['Idempotency-Key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    await waitFor(() => expect(cardOf('Wall tiles')).toHaveAttribute('data-completed', 'true'));
  });

  it("tells the worker 'cannot upload image' when no upload address is given", async () => {
    renderPage(asWorker, {
      'POST /api/objects/upload': { status: 403, body: { code: 'project_inactive', message: 'This project is not active' } },
    });
    await screen.findByText('Wall tiles');
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { name: /Add photo/ }));
    fireEvent.change(await screen.findByTestId('photo-file-input'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' })] },
    });
    await findToast('Cannot upload image');
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('asks the worker to wait a minute when the server says too many photos (429)', async () => {
    renderPage(asWorker, {
      'POST /api/objects/upload': {
        status: 429,
        body: { code: 'rate_limited', message: 'Too many uploads. Please wait a minute and try again.' },
      },
    });
    await screen.findByText('Wall tiles');
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { name: /Add photo/ }));
    fireEvent.change(await screen.findByTestId('photo-file-input'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' })] },
    });
    await findToast('Too many photos at once. Wait a minute and send the photo again.');
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('refuses a file that is not an image', async () => {
    renderPage(asWorker);
    await screen.findByText('Wall tiles');
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { name: /Add photo/ }));
    fireEvent.change(await screen.findByTestId('photo-file-input'), {
      target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a photo.');
    expect(screen.getByText('Choose another photo')).toBeInTheDocument();
    expect(compression.fn).not.toHaveBeenCalled();
  });

  it('keeps a completion made without signal, shows it waiting, and resends it with the same key', async () => {
    let calls = 0;
    const { fetchMock } = renderPage(asWorker, {
      [COMPLETE('t2')]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return completed('t2')();
      },
    });
    await screen.findByText('Plaster');
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));

    expect(await within(cardOf('Plaster')).findByText('Waiting for signal – will send automatically')).toBeInTheDocument();
    expect(screen.queryByText('Task completed successfully')).toBeNull();
    expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'false');
    // Stored on the phone, key included, so a reload loses nothing.
    const firstKey = headersOf(fetchMock, COMPLETE('t2'))[0]['Idempotency-Key'];
    expect(localStorage.getItem('shalav.worker-outbox')).toContain(firstKey);

    act(() => void window.dispatchEvent(new Event('online')));
    await findToast('Task completed successfully');
    const keys = headersOf(fetchMock, COMPLETE('t2')).map((h) => h['Idempotency-Key']);
    expect(keys).toEqual([firstKey, firstKey]);
    expect(localStorage.getItem('shalav.worker-outbox')).toBe('[]');
    await waitFor(() => expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'true'));
  });

  it("explains the server's refusal in the worker's language and does not mark the task done", async () => {
    renderPage(asWorker, {
      [COMPLETE('t2')]: { status: 409, body: { code: 'task_already_completed', message: 'This task was already completed by Avi' } },
    });
    await screen.findByText('Plaster');
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));
    const t = await findToast('Error completing task');
    expect(t).toHaveTextContent('This task is already completed.');
    expect(t).not.toHaveTextContent('Avi'); // the server's English is for managers and logs
    expect(localStorage.getItem('shalav.worker-outbox')).toBe('[]');
  });

  it('decides by the refusal code: photo_missing asks for the photo again; another 400 is not "photo missing"', async () => {
    renderPage(asWorker, {
      'POST /api/objects/upload': {
        body: {
          uploadURL: '/api/objects/upload/tok_abcdefghijklmnopqrstuvwxyz',
          objectPath: '/objects/units/u1/p1',
          expiresAt: '2026-11-23T09:00:00.000Z',
        },
      },
      [COMPLETE('t1')]: { status: 400, body: { code: 'photo_missing', message: 'SERVER ENGLISH' } },
      [COMPLETE('t2')]: { status: 400, body: { code: 'validation_failed', message: 'SERVER ENGLISH' } },
    });
    await screen.findByText('Wall tiles');
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { name: /Add photo/ }));
    fireEvent.change(await screen.findByTestId('photo-file-input'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    FakeXhr.all[0].respond(200, { objectPath: '/objects/units/u1/p1', contentType: 'image/jpeg', size: 1 });
    expect(await within(cardOf('Wall tiles')).findByRole('button', { name: /Change photo/ })).toBeInTheDocument();
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { name: /Complete task/ }));
    const photoToast = await findToast('Error completing task');
    expect(photoToast).toHaveTextContent('The photo did not arrive. Take or choose the photo again.');
    expect(photoToast).not.toHaveTextContent('SERVER ENGLISH');
    expect(await within(cardOf('Wall tiles')).findByRole('button', { name: /Add photo/ })).toBeInTheDocument();

    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));
    await waitFor(() => expect(screen.getByText(/Some of what you entered is not valid/)).toBeInTheDocument());
    expect(screen.queryByText(/photo did not arrive/)).toBeNull();
    expect(screen.queryByText('SERVER ENGLISH')).toBeNull();
  });

  it('validates a shortage: the item name is required, quantity defaults to 1 and is at least 1', async () => {
    const { fetchMock } = renderPage(asWorker, { 'POST /api/shortages-public': { status: 201, body: {} } });
    await screen.findByText('Wall tiles');
    fireEvent.click(screen.getByRole('button', { name: /Add shortage/ }));
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByLabelText('Quantity');
    expect(quantity).toHaveValue(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter an item name')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Item name/), { target: { value: 'Tile adhesive' } });
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Enter a whole number, 1 or more')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/shortages-public')).toHaveLength(0);

    fireEvent.change(quantity, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await findToast('The shortage was added to the table successfully');
    expect(requestsTo(fetchMock, 'POST /api/shortages-public')).toEqual([
      { name: 'Tile adhesive', quantity: 1, apartmentId: ROOM_ID, reportedBy: 'Dana', notes: 'דירה A12, קומה 3' },
    ]);
    expect(headersOf(fetchMock, 'POST /api/shortages-public')[0]['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a measurement with dimensions 0 and quantity 1 by default', async () => {
    const { fetchMock } = renderPage(asWorker, { 'POST /api/measurements-public': { status: 201, body: {} } });
    await screen.findByText('Wall tiles');
    fireEvent.click(screen.getByRole('button', { name: /Add measurement/ }));
    const dialog = await screen.findByRole('dialog');
    for (const label of ['Height (mm)', 'Width (mm)', 'Thickness (mm)']) expect(within(dialog).getByLabelText(label)).toHaveValue(0);
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue(1);

    fireEvent.change(within(dialog).getByLabelText('Height (mm)'), { target: { value: '-5' } });
    fireEvent.change(within(dialog).getByLabelText(/Item name/), { target: { value: 'Window opening' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Enter whole millimetres, 0 or more')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Height (mm)'), { target: { value: '2100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await findToast('The measurement was added to the table successfully');
    expect(requestsTo(fetchMock, 'POST /api/measurements-public')).toEqual([
      {
        name: 'Window opening',
        quantity: 1,
        apartmentId: ROOM_ID,
        reportedBy: 'Dana',
        notes: 'דירה A12, קומה 3',
        height: 2100,
        width: 0,
        thickness: 0,
      },
    ]);
  });

  it("shows 'all tasks done' with the way to the next unit when every task is complete", async () => {
    renderPage(asWorker, {}, [electric, task('t4', 'Paint', { isCompleted: true })]);
    expect(await screen.findByText('All tasks done')).toBeInTheDocument();
    expect(screen.queryByText(/Unfinished tasks stay open/)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /Finish and go to the next apartment/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/qr-scan');
  });

  it('speaks of rooms, not apartments, in a hotel', async () => {
    renderPage(asWorker, { [`GET /api/rooms-public/${ROOM_ID}`]: { body: { ...room, facilityType: 'hotel' } } }, [electric]);
    expect(await screen.findByRole('heading', { name: 'Room A12' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Finish and go to the next room/ })).toBeInTheDocument();
  });

  it('otherwise says unfinished tasks stay open, with the way home', async () => {
    renderPage(asWorker);
    expect(await screen.findByText(/Unfinished tasks stay open/)).toBeInTheDocument();
    expect(screen.queryByText('All tasks done')).toBeNull();
    expect(screen.getByRole('link', { name: /Finished – back to home/ })).toHaveAttribute('href', '/');
  });

  it('has no serious accessibility violations on the welcome step, the task list, an open card and a dialog', async () => {
    const serious = async () => {
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    };
    const first = renderPage(`/work-tasks/${ROOM_ID}`);
    await screen.findByText('Welcome to work in apartment A12');
    expect(await serious()).toEqual([]);
    first.unmount();

    renderPage(asWorker, {}, [tiles, plaster, electric, task('t5', 'Sent later')]);
    await screen.findByText('Wall tiles');
    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { expanded: false }));
    expect(await serious()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Add measurement/ }));
    await screen.findByRole('dialog');
    expect(await serious()).toEqual([]);
  });

  it('warns 5 minutes before closing, turns the countdown red in the last minute, extends, and finally closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(asWorker);
    await screen.findByText('Wall tiles');
    expect(screen.queryByTestId('inactivity-banner')).toBeNull();

    act(() => void vi.advanceTimersByTime(25 * 60_000 + 1_000));
    const countdown = await screen.findByTestId('countdown');
    expect(countdown).toHaveAttribute('data-urgent', 'false');
    expect(countdown.textContent).toMatch(/^4:5\d$/);

    act(() => void vi.advanceTimersByTime(4 * 60_000));
    await waitFor(() => expect(screen.getByTestId('countdown')).toHaveAttribute('data-urgent', 'true'));
    expect(screen.getByTestId('countdown').className).toContain('text-red-700');

    fireEvent.click(screen.getByRole('button', { name: 'Extend to 30 minutes' }));
    expect(screen.queryByTestId('inactivity-banner')).toBeNull();

    act(() => void vi.advanceTimersByTime(30 * 60_000 + 1_000));
    expect(await screen.findByRole('heading', { name: 'The form was closed due to inactivity' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to scanning/ })).toHaveAttribute('href', '/qr-scan');
  });
});

describe('Work-tasks page without signal (docs/product.md "Working without signal")', () => {
  const noSignal = (): MockResponse => {
    throw new TypeError('Failed to fetch');
  };
  const offlineRoutes = {
    [`GET /api/rooms-public/${ROOM_ID}`]: noSignal,
    [TASKS_URL]: noSignal,
    [COMPLETE('t2')]: noSignal,
  };

  it('shows the unit and tasks seen before "as of" their time; a stage completed offline stays waiting after a reload', async () => {
    const seen = renderPage(asWorker);
    await screen.findByText('Plaster');
    expect(screen.queryByTestId('saved-as-of')).toBeNull();
    seen.unmount();

    const offline = renderPage(asWorker, offlineRoutes);
    expect(await screen.findByText('Plaster')).toBeInTheDocument();
    expect(screen.getByTestId('saved-as-of')).toHaveTextContent(/No signal – saved on this phone, as of \d{1,2}:\d{2}/);
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));
    expect(await within(cardOf('Plaster')).findByText('Waiting for signal – will send automatically')).toBeInTheDocument();
    expect(screen.getByTestId('outbox-panel')).toHaveTextContent('Waiting to send: 1');
    offline.unmount();

    reloadOutboxForTests();
    renderPage(asWorker, offlineRoutes);
    expect(
      await within(await screen.findByText('Plaster').then((el) => el.closest('li')!)).findByText(
        'Waiting for signal – will send automatically',
      ),
    ).toBeInTheDocument();
    expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'false');
    expect(screen.getByTestId('outbox-panel')).toHaveTextContent('Waiting to send: 1');
  });

  it('a unit never opened on this phone says so, and opens by itself when the signal returns', async () => {
    // The phone knows it is offline: no asking again first.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(asWorker, offlineRoutes);
    expect(await screen.findByRole('heading', { name: 'This unit was not opened on this phone yet' })).toBeInTheDocument();
    expect(screen.getByText('It opens by itself when the signal returns.')).toBeInTheDocument();

    onLine.mockRestore();
    renderPageRoutesOnline();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Plaster')).toBeInTheDocument();
  });

  it('a stage another worker finished meanwhile: after the sync the panel says by whom and the list shows it done', async () => {
    let online = false;
    renderPage(asWorker, {
      [COMPLETE('t2')]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        serverDone.add('t2');
        return { status: 409, body: { code: 'task_already_completed', message: 'x', params: { workerName: 'Avi' } } };
      },
    });
    await screen.findByText('Plaster');
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));
    await within(cardOf('Plaster')).findByText('Waiting for signal – will send automatically');

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'true'));
    const panel = screen.getByTestId('outbox-panel');
    expect(panel).toHaveTextContent('Not accepted: 1');
    fireEvent.click(within(panel).getByRole('button', { expanded: false }));
    expect(await within(panel).findByTestId('outbox-refused')).toHaveTextContent('This task was already completed by Avi.');
    fireEvent.click(within(panel).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('outbox-panel')).toBeNull());
  });
});

/** The signal is back: the fake server answers as usual (same page still on screen). */
function renderPageRoutesOnline() {
  mockFetch({
    [`GET /api/rooms-public/${ROOM_ID}`]: { body: room },
    [TASKS_URL]: { body: [tiles, plaster, electric] },
  });
}

describe('Work-tasks welcome remembers what was typed', () => {
  it('keeps the typed name across a reload, and forgets it once work started', async () => {
    const first = renderPage(`/work-tasks/${ROOM_ID}`);
    fireEvent.change(await screen.findByLabelText(/Your name/), { target: { value: 'Yosef Mizrahi' } });
    first.unmount();

    renderPage(`/work-tasks/${ROOM_ID}`);
    expect(await screen.findByLabelText(/Your name/)).toHaveValue('Yosef Mizrahi');
    fireEvent.click(screen.getByRole('button', { name: /Start work/ }));
    expect(await screen.findByText('Wall tiles')).toBeInTheDocument();
    expect(sessionStorage.getItem(`shalav.draft.welcome.${ROOM_ID}`)).toBeNull();
    localStorage.removeItem('shalav.worker.name');
  });
});

describe('Work-tasks page keeps what was typed until it is sent', () => {
  const notesOf = (name: string) => within(cardOf(name)).getByLabelText('Notes (optional)');
  const openCard = (name: string) => fireEvent.click(within(cardOf(name)).getByRole('button', { expanded: false }));

  it("keeps a stage's notes across a reload, sends them, then forgets them", async () => {
    const first = renderPage(asWorker);
    await screen.findByText('Plaster');
    openCard('Plaster');
    fireEvent.change(notesOf('Plaster'), { target: { value: 'Corner cracked, fixed' } });
    first.unmount();

    const { fetchMock } = renderPage(asWorker, { [COMPLETE('t2')]: completed('t2') });
    await screen.findByText('Plaster');
    openCard('Plaster');
    expect(notesOf('Plaster')).toHaveValue('Corner cracked, fixed');
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));
    await findToast('Task completed successfully');
    expect((requestsTo(fetchMock, COMPLETE('t2'))[0] as { notes: string }).notes).toBe('Corner cracked, fixed');
    expect(sessionStorage.getItem(`shalav.draft.notes.${ROOM_ID}.t2`)).toBeNull();
  });

  it('forgets the notes once the outbox took the completion (no signal), not before', async () => {
    const { unmount } = renderPage(asWorker, {
      [COMPLETE('t2')]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await screen.findByText('Plaster');
    openCard('Plaster');
    fireEvent.change(notesOf('Plaster'), { target: { value: 'Second coat tomorrow' } });
    expect(JSON.parse(sessionStorage.getItem(`shalav.draft.notes.${ROOM_ID}.t2`)!)).toEqual({ notes: 'Second coat tomorrow' });
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));
    await within(cardOf('Plaster')).findByText('Waiting for signal – will send automatically');
    expect(sessionStorage.getItem(`shalav.draft.notes.${ROOM_ID}.t2`)).toBeNull();
    expect(localStorage.getItem('shalav.worker-outbox')).toContain('Second coat tomorrow');
    unmount();
  });

  it('keeps a half-typed shortage across a reload, and forgets it once sent', async () => {
    const first = renderPage(asWorker);
    await screen.findByText('Wall tiles');
    fireEvent.click(screen.getByRole('button', { name: /Add shortage/ }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Item name/), { target: { value: 'Grout, grey' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '4' } });
    first.unmount();

    const { fetchMock } = renderPage(asWorker, { 'POST /api/shortages-public': { status: 201, body: {} } });
    await screen.findByText('Wall tiles');
    fireEvent.click(screen.getByRole('button', { name: /Add shortage/ }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Item name/)).toHaveValue('Grout, grey');
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue(4);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await findToast('The shortage was added to the table successfully');
    expect(requestsTo(fetchMock, 'POST /api/shortages-public')).toEqual([
      { name: 'Grout, grey', quantity: 4, apartmentId: ROOM_ID, reportedBy: 'Dana', notes: 'דירה A12, קומה 3' },
    ]);
    expect(sessionStorage.getItem(`shalav.draft.report.shortage.${ROOM_ID}`)).toBeNull();
    // The toast answers the outbox's event, which can come before the dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /Add shortage/ }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(/Item name/)).toHaveValue('');
  });
});

describe('Work-tasks progress without signal', () => {
  it('counts completions waiting to send, marked as waiting, until the server confirms them', async () => {
    let online = false;
    const paint = task('t4', 'Paint');
    const send = (id: string) => () => {
      if (!online) throw new TypeError('Failed to fetch');
      return completed(id)();
    };
    renderPage(asWorker, { [COMPLETE('t2')]: send('t2'), [COMPLETE('t4')]: send('t4') }, [plaster, paint, electric]);
    await screen.findByText('Plaster');
    expect(screen.getByTestId('progress-text')).toHaveTextContent('1 of 3 done');
    for (const name of ['Plaster', 'Paint']) {
      fireEvent.click(within(cardOf(name)).getByRole('button', { expanded: false }));
      fireEvent.click(within(cardOf(name)).getByRole('button', { name: /Complete task/ }));
      await within(cardOf(name)).findByText('Waiting for signal – will send automatically');
    }
    expect(screen.getByTestId('progress-text')).toHaveTextContent('3 of 3 done (2 waiting to send)');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByTestId('progress-waiting')).toHaveStyle({ width: '67%' });
    // Not "all done" before the server has them.
    expect(screen.queryByText('All tasks done')).toBeNull();

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('All tasks done')).toBeInTheDocument();
    expect(screen.getByTestId('progress-text')).toHaveTextContent(/^3 of 3 done$/);
    expect(screen.getByTestId('progress-waiting')).toHaveStyle({ width: '0%' });
  });
});

describe('Work-tasks page: undo and sent back (docs/decisions/029-quality-loop.md)', () => {
  const UNDO = (id: string) => `DELETE /api/scheduled-tasks-complete/${id}`;
  const undone = (id: string) => (): MockResponse => {
    serverDone.delete(id);
    return { body: { taskId: id, workDate: '2026-11-23', undoneAt: '2026-11-23T08:05:00.000Z' } };
  };
  const undoButton = (name: string) => within(cardOf(name)).queryByRole('button', { name: /Undo/ });
  async function completePlaster() {
    await screen.findByText('Plaster');
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { expanded: false }));
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: /Complete task/ }));
  }
  /** The server confirmed: the stage is drawn completed, with "Undo". */
  async function undoOfCompleted(name: string) {
    await waitFor(() => expect(cardOf(name)).toHaveAttribute('data-completed', 'true'));
    return within(cardOf(name)).findByRole('button', { name: 'Undo' });
  }

  beforeAll(async () => {
    await import('../components/undo-button.tsx');
  }, 120_000);
  beforeEach(() => localStorage.removeItem('shalav.worker-completed-here'));

  it('offers Undo on a stage this phone completed for ten minutes from then, and never on one completed elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(asWorker, { [COMPLETE('t2')]: completed('t2') });
    await completePlaster();
    await waitFor(() => expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'true'));
    expect(await within(cardOf('Plaster')).findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(undoButton('Electrical rough-in')).toBeNull();

    act(() => void vi.advanceTimersByTime(9 * 60_000 + 50_000));
    expect(undoButton('Plaster')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(11_000));
    await waitFor(() => expect(undoButton('Plaster')).toBeNull());
    expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'true');
  });

  it("undo sends DELETE with this phone's device id, once per click; the stage is open again and the progress follows", async () => {
    const { fetchMock } = renderPage(asWorker, { [COMPLETE('t2')]: completed('t2'), [UNDO('t2')]: undone('t2') });
    await completePlaster();
    await waitFor(() => expect(screen.getByTestId('progress-text')).toHaveTextContent('2 of 3 done'));
    fireEvent.click(await undoOfCompleted('Plaster'));

    await findToast('Undone – the task is open again');
    await waitFor(() => expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'false'));
    expect(screen.getByTestId('progress-text')).toHaveTextContent(/^1 of 3 done$/);
    const sent = headersOf(fetchMock, UNDO('t2'));
    expect(sent).toHaveLength(1);
    expect(sent[0]['X-Shalav-Device']).toBe(deviceId());
    expect(localStorage.getItem('shalav.worker-outbox')).toBe('[]');
    expect(undoButton('Plaster')).toBeNull();
  });

  it("undo needs signal and says so (nothing is queued); the server's refusal is told in the worker's words and ends the offer", async () => {
    let answer: () => MockResponse = () => {
      throw new TypeError('Failed to fetch');
    };
    const { fetchMock } = renderPage(asWorker, { [COMPLETE('t2')]: completed('t2'), [UNDO('t2')]: () => answer() });
    await completePlaster();
    fireEvent.click(await undoOfCompleted('Plaster'));
    await findToast('Undo needs signal. Try again when you have signal.');
    expect(localStorage.getItem('shalav.worker-outbox')).toBe('[]');
    expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'true');

    answer = () => ({ status: 403, body: { code: 'undo_window_passed', message: 'The undo window has passed' } });
    fireEvent.click(await undoOfCompleted('Plaster'));
    await findToast('More than 10 minutes have passed: ask a manager to reopen the task.');
    await waitFor(() => expect(undoButton('Plaster')).toBeNull());
    expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'true');
    expect(headersOf(fetchMock, UNDO('t2'))).toHaveLength(2);
  });

  it('tells the phone that did not complete it that only that phone can undo', async () => {
    renderPage(asWorker, {
      [COMPLETE('t2')]: completed('t2'),
      [UNDO('t2')]: { status: 403, body: { code: 'undo_other_device', message: 'Another device' } },
    });
    await completePlaster();
    fireEvent.click(await undoOfCompleted('Plaster'));
    await findToast('This task was completed on another phone: only that phone can undo it.');
  });

  it('undo of a completion still waiting in the outbox takes it out: nothing is sent, not even when the signal returns', async () => {
    let puts = 0;
    const { fetchMock } = renderPage(asWorker, {
      [COMPLETE('t2')]: () => {
        puts += 1;
        throw new TypeError('Failed to fetch');
      },
      [UNDO('t2')]: undone('t2'),
    });
    await completePlaster();
    await within(cardOf('Plaster')).findByText('Waiting for signal – will send automatically');
    expect(screen.getByTestId('progress-text')).toHaveTextContent('2 of 3 done (1 waiting to send)');

    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: 'Undo' }));
    await findToast('Cancelled – nothing was sent');
    expect(localStorage.getItem('shalav.worker-outbox')).toBe('[]');
    expect(within(cardOf('Plaster')).queryByText('Waiting for signal – will send automatically')).toBeNull();
    expect(screen.getByTestId('progress-text')).toHaveTextContent(/^1 of 3 done$/);
    expect(undoButton('Plaster')).toBeNull();

    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 50));
    expect(puts).toBe(1);
    expect(headersOf(fetchMock, UNDO('t2'))).toHaveLength(0);
    expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'false');
  });

  it('undo of a completion waiting on the phone for its photo forgets both: the photo is no longer listed, nothing will be sent', async () => {
    // Completed a minute ago without signal: the photo waits, and the completion waits for it.
    localStorage.setItem(
      'shalav.worker.complete-after-photo.t1',
      JSON.stringify({ notes: null, workerName: 'Dana', completedAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    localStorage.setItem('shalav.worker-photos-waiting', JSON.stringify([{ taskId: 't1', roomId: ROOM_ID, label: 'Wall tiles' }]));
    resetWaitingPhotosForTests(true);
    const { fetchMock } = renderPage(asWorker);
    await within(await screen.findByText('Wall tiles').then((el) => el.closest('li')!)).findByText(
      'Waiting for signal – will send automatically',
    );
    expect(screen.getByTestId('progress-text')).toHaveTextContent('2 of 3 done (1 waiting to send)');

    fireEvent.click(within(cardOf('Wall tiles')).getByRole('button', { name: 'Undo' }));
    await findToast('Cancelled – nothing was sent');
    expect(localStorage.getItem('shalav.worker.complete-after-photo.t1')).toBeNull();
    expect(JSON.parse(localStorage.getItem('shalav.worker-photos-waiting') ?? '[]')).toEqual([]);
    expect(within(cardOf('Wall tiles')).queryByText('Waiting for signal – will send automatically')).toBeNull();
    expect(screen.getByTestId('progress-text')).toHaveTextContent(/^1 of 3 done$/);
    expect(requestsTo(fetchMock, COMPLETE('t1'))).toEqual([]);
  });

  const sentBack = task('t2', 'Plaster', {
    rejection: { reason: 'הפינה סדוקה – redo the corner', rejectedAt: '2026-11-22T12:30:00.000Z' },
  });
  /** The server's list: the rejection stands until a completion does. */
  const withRejection = (): MockResponse => ({
    body: [tiles, serverDone.has('t2') ? { ...plaster, isCompleted: true, rejection: null } : sentBack, electric],
  });

  it('shows a stage sent back at the top, marked, with the reason as typed and the day; a re-completion clears the mark', async () => {
    renderPage(asWorker, { [TASKS_URL]: withRejection, [COMPLETE('t2')]: completed('t2') });
    const mark = await screen.findByTestId('sent-back');
    const cards = screen.getAllByTestId('task-card');
    expect(cards[0]).toHaveTextContent('Plaster');
    expect(within(cards[0]).getByTestId('sent-back')).toBe(mark);
    expect(cards[1]).toHaveTextContent('Wall tiles');
    expect(screen.getAllByTestId('sent-back')).toHaveLength(1);
    expect(mark).toHaveTextContent('Sent back');
    expect(mark).toHaveTextContent('Nov 22, 2026');
    const reason = within(mark).getByText('הפינה סדוקה – redo the corner');
    expect(reason.tagName).toBe('BDI');
    expect(reason).toHaveAttribute('dir', 'auto');

    fireEvent.click(within(cards[0]).getByRole('button', { expanded: false }));
    fireEvent.click(within(cards[0]).getByRole('button', { name: /Complete task/ }));
    await waitFor(() => expect(cardOf('Plaster')).toHaveAttribute('data-completed', 'true'));
    expect(screen.queryByTestId('sent-back')).toBeNull();
  });

  it('hides the mark while the re-completion waits for signal, and shows it again when that is undone', async () => {
    renderPage(asWorker, {
      [TASKS_URL]: withRejection,
      [COMPLETE('t2')]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await screen.findByTestId('sent-back');
    await completePlaster();
    await within(cardOf('Plaster')).findByText('Waiting for signal – will send automatically');
    expect(screen.queryByTestId('sent-back')).toBeNull();
    fireEvent.click(within(cardOf('Plaster')).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByTestId('sent-back')).toHaveTextContent('redo the corner');
  });
});

describe('Work-tasks page on a phone that never chose a language', () => {
  it("asks the language first when a unit's label opens the page, then speaks it", async () => {
    localStorage.removeItem('shalav.language');
    renderPage(`/work-tasks/${ROOM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Choose your language' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    fireEvent.click(screen.getByTestId('language-ru'));
    expect(await screen.findByRole('heading', { name: 'Добро пожаловать на работу в квартире A12' })).toBeInTheDocument();
    expect(localStorage.getItem('shalav.language')).toBe('ru');
  });

  it('does not ask again on a phone that chose before', async () => {
    renderPage(`/work-tasks/${ROOM_ID}`);
    expect(await screen.findByLabelText(/Your name/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose your language' })).toBeNull();
  });
});

describe('Work-tasks page: the inactivity time-out loses nothing that waits (docs/product.md "Working without signal")', () => {
  it('a photo waiting for signal, its bytes and the completion waiting for it are still on the phone after the form closed', async () => {
    vi.stubGlobal('indexedDB', new FakeIndexedDb());
    try {
      await keepWaitingPhoto('t1', new File(['abc'], 'tiles.jpg', { type: 'image/jpeg' }));
      markPhotoWaiting({ taskId: 't1', roomId: ROOM_ID, label: 'Wall tiles' });
      keepCompletionIntent('t1', { notes: null, workerName: 'Dana', completedAt: '2026-11-23T06:00:00.000Z' });
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderPage(asWorker, {
        'POST /api/objects/upload': () => {
          throw new TypeError('Failed to fetch');
        },
      });
      await screen.findByText('Wall tiles');
      act(() => void vi.advanceTimersByTime(30 * 60_000 + 1_000));
      expect(await screen.findByRole('heading', { name: 'The form was closed due to inactivity' })).toBeInTheDocument();
      // The closed form still shows what waits to be sent: nothing waits silently.
      expect(within(screen.getByTestId('outbox-panel')).getByText('Waiting to send: 1')).toBeInTheDocument();

      resetWaitingPhotosForTests(true); // read back as the next page load would
      expect(waitingPhotos()).toEqual([expect.objectContaining({ taskId: 't1', roomId: ROOM_ID })]);
      expect(findCompletionIntent('t1')).toEqual({ notes: null, workerName: 'Dana', completedAt: '2026-11-23T06:00:00.000Z' });
      expect(await (await findWaitingPhoto('t1'))?.text()).toBe('abc');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
