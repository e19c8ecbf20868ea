import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Mock } from 'vitest';
import { describe, expect, it } from 'vitest';
import type { Measurement, Shortage } from '#contract/reports.ts';
import { userWith } from '#web/test/fixtures.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import MeasurementsTablePage from '../pages/measurements-table-page.tsx';
import ShortagesTablePage from '../pages/shortages-table-page.tsx';
import errors from '#web/locales/en/errors.json';

const shortage = (over: Partial<Shortage> = {}): Shortage => ({
  id: 's1',
  name: 'Tiles',
  quantity: 12,
  notes: null,
  reportedBy: 'Yossi',
  apartmentId: 'r1',
  apartmentNumber: 'A101',
  status: 'pending',
  reportedAt: '2026-11-22T22:30:00.000Z',
  ...over,
});
const measurement = (over: Partial<Measurement> = {}): Measurement => ({
  ...shortage({ id: 'm1', name: 'Window' }),
  height: 1200,
  width: 800,
  thickness: 40,
  ...over,
});

/** The URLs (path + query) of every GET to `path`, in order. */
const listUrls = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET')
    .map(([input]) => String(input))
    .filter((url) => url.split('?')[0] === path);

function setup(page: 'shortages' | 'measurements', routes: Parameters<typeof mockFetch>[0], facilityType = 'construction') {
  const fetchMock = mockFetch({ 'GET /api/auth/user': { body: userWith(facilityType) }, ...routes });
  const ue = userEvent.setup();
  renderWithProviders(page === 'shortages' ? <ShortagesTablePage /> : <MeasurementsTablePage />);
  return { fetchMock, ue };
}

const rows = () => screen.queryAllByTestId('report-row');

describe('shortages table', () => {
  it('shows each shortage with its unit (or -), worker, status, date in the project time zone, notes in full as a title, and the counters', async () => {
    const list = [
      shortage({ notes: 'Grey 60×60 tiles for the bathroom floor, the supplier is late' }),
      shortage({ id: 's2', name: 'Cement', quantity: 3, apartmentId: null, apartmentNumber: null, reportedBy: null, status: 'completed' }),
      shortage({ id: 's3', name: 'Pipes', status: 'in_progress' }),
    ];
    setup('shortages', { 'GET /api/shortages': { body: list } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [tiles, cement] = rows();
    expect(tiles).toHaveTextContent('A101');
    expect(tiles).toHaveTextContent('Yossi');
    expect(tiles).toHaveTextContent('Pending');
    // 22:30 UTC is already the 23rd in Jerusalem (UTC+2).
    expect(tiles).toHaveTextContent('11/23/26');
    expect(within(tiles).getByTitle('Grey 60×60 tiles for the bathroom floor, the supplier is late')).toBeInTheDocument();
    expect(within(cement).getAllByRole('cell')[2]).toHaveTextContent(/^-$/);
    expect(cement).toHaveTextContent('Completed');
    expect(screen.getByTestId('counter-total')).toHaveTextContent('3');
    expect(screen.getByTestId('counter-pending')).toHaveTextContent('1');
    expect(screen.getByTestId('counter-completed')).toHaveTextContent('1');
    expect(screen.getAllByTestId('report-card')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: 'Apartment' })).toBeInTheDocument();
  });

  it('sends the search 300 ms after typing and the status filter to the server', async () => {
    const { fetchMock, ue } = setup('shortages', { 'GET /api/shortages': { body: [shortage()] } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await ue.type(screen.getByLabelText('Search'), 'tile A1');
    await waitFor(() => expect(listUrls(fetchMock, '/api/shortages')).toContain('/api/shortages?search=tile+A1'));
    // Debounced: no request for each keystroke.
    expect(listUrls(fetchMock, '/api/shortages')).toEqual(['/api/shortages', '/api/shortages?search=tile+A1']);

    await ue.selectOptions(screen.getByLabelText('Status'), 'In progress');
    await waitFor(() => expect(listUrls(fetchMock, '/api/shortages').at(-1)).toBe('/api/shortages?search=tile+A1&status=in_progress'));
    await ue.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await ue.clear(screen.getByLabelText('Search'));
    // Back to the unfiltered list (already cached: served without a new request).
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('says nothing is registered when the list is empty, and nothing matches when filtering', async () => {
    const { ue } = setup('shortages', {
      'GET /api/shortages': { body: [] },
    });
    expect(await screen.findByText('No shortages registered in the system')).toBeInTheDocument();
    await ue.selectOptions(screen.getByLabelText('Status'), 'Completed');
    expect(await screen.findByText('No shortages match the search')).toBeInTheDocument();
    expect(screen.queryByText('No shortages registered in the system')).toBeNull();
  });

  it('shows a load error with a retry that fetches again', async () => {
    let fail = true;
    const { ue } = setup('shortages', {
      'GET /api/shortages': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: [shortage()] }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch shortages');
    fail = false;
    await ue.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('keeps Save disabled without a name, falls back to quantity 1, posts the shortage and refetches the list', async () => {
    let list: Shortage[] = [];
    const { fetchMock, ue } = setup('shortages', {
      'GET /api/shortages': () => ({ body: list }),
      'POST /api/shortages': ({ body }) => {
        list = [shortage({ ...(body as Partial<Shortage>), id: 'new' })];
        return { status: 201, body: list[0] };
      },
    });
    await screen.findByText('No shortages registered in the system');
    await ue.click(screen.getByRole('button', { name: 'Add shortage' }));
    const dialog = screen.getByRole('dialog', { name: 'New shortage' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).queryByLabelText('Status')).toBeNull(); // a new report starts as pending

    await ue.type(within(dialog).getByLabelText(/Item name/), '  Tiles ');
    expect(save).toBeEnabled();
    const quantity = within(dialog).getByLabelText(/Quantity/);
    await ue.clear(quantity);
    await ue.type(quantity, '0');
    expect(save).toBeDisabled();
    expect(within(dialog).getByText('The quantity must be at least 1')).toBeInTheDocument();
    await ue.clear(quantity); // empty falls back to 1
    expect(save).toBeEnabled();
    await ue.type(within(dialog).getByLabelText(/Apartment number/), 'A101');
    await ue.type(within(dialog).getByLabelText('Reporting worker'), 'Yossi');
    await ue.click(save);

    await findToast('Shortage added successfully');
    expect(requestsTo(fetchMock, 'POST /api/shortages')).toEqual([
      { name: 'Tiles', quantity: 1, apartmentNumber: 'A101', reportedBy: 'Yossi', notes: null },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends one Idempotency-Key per submission: the same on a retry, a new one for the next shortage', async () => {
    let attempts = 0;
    const { fetchMock, ue } = setup('shortages', {
      'GET /api/shortages': { body: [] },
      'POST /api/shortages': ({ body }) => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { message: 'The database is unavailable' } }
          : { status: 201, body: shortage({ ...(body as Partial<Shortage>), id: `s${attempts}` }) };
      },
    });
    const keys = () =>
      fetchMock.mock.calls
        .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
        .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key']);
    await screen.findByText('No shortages registered in the system');
    const addOne = async () => {
      await ue.click(screen.getByRole('button', { name: 'Add shortage' }));
      const dialog = screen.getByRole('dialog');
      await ue.type(within(dialog).getByLabelText(/Item name/), 'Tiles');
      await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
      return dialog;
    };
    const dialog = await addOne();
    await findToast('Error');
    await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('Shortage added successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await addOne();
    await waitFor(() => expect(keys()).toHaveLength(3));
    const [first, retry, next] = keys();
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('words a refused add by its code (with its number), and keeps the dialog open', async () => {
    const { ue } = setup('shortages', {
      'GET /api/shortages': { body: [] },
      'POST /api/shortages': {
        status: 400,
        body: { code: 'unit_number_unknown', message: 'Unknown apartment number: Z9', params: { number: 'Z9' } },
      },
    });
    await screen.findByText('No shortages registered in the system');
    await ue.click(screen.getByRole('button', { name: 'Add shortage' }));
    const dialog = screen.getByRole('dialog');
    await ue.type(within(dialog).getByLabelText(/Item name/), 'Tiles');
    await ue.type(within(dialog).getByLabelText(/Apartment number/), 'Z9');
    await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
    const t = await findToast('Error');
    expect(t).toHaveTextContent(errors.unit_number_unknown.replace('{{number}}', 'Z9'));
    expect(t).not.toHaveTextContent('Unknown apartment number');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closing the dialog resets its form', async () => {
    const { ue } = setup('shortages', { 'GET /api/shortages': { body: [] } });
    await screen.findByText('No shortages registered in the system');
    await ue.click(screen.getByRole('button', { name: 'Add shortage' }));
    await ue.type(within(screen.getByRole('dialog')).getByLabelText(/Item name/), 'Tiles');
    await ue.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await ue.click(screen.getByRole('button', { name: 'Add shortage' }));
    expect(within(screen.getByRole('dialog')).getByLabelText(/Item name/)).toHaveValue('');
  });

  it('edits a shortage: the form starts from the row and PUT sends the new status', async () => {
    const { fetchMock, ue } = setup('shortages', {
      'GET /api/shortages': { body: [shortage({ notes: 'late' })] },
      'PUT /api/shortages/s1': ({ body }) => ({ body: shortage(body as Partial<Shortage>) }),
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await ue.click(within(rows()[0]).getByRole('button', { name: 'Edit — Tiles' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit shortage' });
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveValue(12);
    await ue.selectOptions(within(dialog).getByLabelText('Status'), 'Completed');
    await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('Shortage updated successfully');
    expect(requestsTo(fetchMock, 'PUT /api/shortages/s1')).toEqual([
      { name: 'Tiles', quantity: 12, apartmentNumber: 'A101', reportedBy: 'Yossi', notes: 'late', status: 'completed' },
    ]);
    // Refetched after the update.
    await waitFor(() => expect(listUrls(fetchMock, '/api/shortages')).toHaveLength(2));
  });

  it('deletes only after confirming', async () => {
    const { fetchMock, ue } = setup('shortages', {
      'GET /api/shortages': { body: [shortage()] },
      'DELETE /api/shortages/s1': { body: { message: 'deleted' } },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await ue.click(within(rows()[0]).getByRole('button', { name: 'Delete — Tiles' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete shortage' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this shortage?');
    await ue.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, 'DELETE /api/shortages/s1')).toHaveLength(0);

    await ue.click(within(rows()[0]).getByRole('button', { name: 'Delete — Tiles' }));
    await ue.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Shortage deleted successfully');
    expect(requestsTo(fetchMock, 'DELETE /api/shortages/s1')).toHaveLength(1);
    await waitFor(() => expect(listUrls(fetchMock, '/api/shortages')).toHaveLength(2));
  });

  it('reports a failed delete with the default text when the server gives none', async () => {
    const { ue } = setup('shortages', {
      'GET /api/shortages': { body: [shortage()] },
      'DELETE /api/shortages/s1': { status: 500, body: {} },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await ue.click(within(rows()[0]).getByRole('button', { name: 'Delete — Tiles' }));
    await ue.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Error')).toHaveTextContent('Error deleting the shortage');
    expect(rows()).toHaveLength(1);
  });

  it('says "room" in hotel projects', async () => {
    setup('shortages', { 'GET /api/shortages': { body: [shortage()] } }, 'hotel');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('columnheader', { name: 'Room' })).toBeInTheDocument();
    expect(screen.getByText('Item, reporting worker, notes or room number')).toBeInTheDocument();
  });

  it('reads in Hebrew', async () => {
    mockFetch({ 'GET /api/auth/user': { body: userWith('construction') }, 'GET /api/shortages': { body: [] } });
    renderWithProviders(<ShortagesTablePage />, { language: 'he' });
    expect(await screen.findByText('אין חוסרים רשומים במערכת')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'טבלת חוסרים' })).toBeInTheDocument();
  });

  it('has no serious accessibility violations', async () => {
    setup('shortages', { 'GET /api/shortages': { body: [shortage({ notes: 'x' })] } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

describe('measurements table', () => {
  it('shows height × width × thickness and uses the measurements endpoint and texts', async () => {
    const { fetchMock, ue } = setup('measurements', {
      'GET /api/measurements': ({ url }) => ({ body: url.includes('search=') ? [] : [measurement()] }),
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('1200 × 800 × 40');
    expect(screen.getByRole('columnheader', { name: 'Height × width × thickness (mm)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Measurements table' })).toBeInTheDocument();
    await ue.type(screen.getByLabelText('Search'), 'zzz');
    expect(await screen.findByText('No measurements match the search')).toBeInTheDocument();
    expect(listUrls(fetchMock, '/api/measurements')).toEqual(['/api/measurements', '/api/measurements?search=zzz']);
  });

  it('says nothing is registered when empty', async () => {
    setup('measurements', { 'GET /api/measurements': { body: [] } });
    expect(await screen.findByText('No measurements registered in the system')).toBeInTheDocument();
  });

  it('posts the dimensions, with empty millimetres falling back to 0, and refuses negative ones', async () => {
    const { fetchMock, ue } = setup('measurements', {
      'GET /api/measurements': { body: [] },
      'POST /api/measurements': ({ body }) => ({ status: 201, body: measurement(body as Partial<Measurement>) }),
    });
    await screen.findByText('No measurements registered in the system');
    await ue.click(screen.getByRole('button', { name: 'Add measurement' }));
    const dialog = screen.getByRole('dialog', { name: 'New measurement' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await ue.type(within(dialog).getByLabelText(/Item name/), 'Window');
    const height = within(dialog).getByLabelText(/Height/);
    await ue.clear(height);
    await ue.type(height, '-5');
    expect(save).toBeDisabled();
    await ue.clear(height);
    await ue.type(height, '1200');
    const width = within(dialog).getByLabelText(/Width/);
    await ue.clear(width);
    await ue.type(width, '800');
    await ue.clear(within(dialog).getByLabelText(/Thickness/));
    await ue.click(save);
    await findToast('Measure added successfully');
    expect(requestsTo(fetchMock, 'POST /api/measurements')).toEqual([
      { name: 'Window', quantity: 1, apartmentNumber: null, reportedBy: null, notes: null, height: 1200, width: 800, thickness: 0 },
    ]);
  });

  it('asks before deleting a measurement', async () => {
    const { ue } = setup('measurements', { 'GET /api/measurements': { body: [measurement()] } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await ue.click(within(rows()[0]).getByRole('button', { name: 'Delete — Window' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete this measurement?');
  });
});
