import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CleaningStats } from '#contract/insight.ts';
import type { Shortage } from '#contract/reports.ts';
import type { RoomDetails } from '#contract/rooms.ts';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';
import ProgressReportPage from './progress-report-page.tsx';
import UnitHandoverPage from './unit-handover-page.tsx';

const user = (facilityType = 'construction') => ({
  id: 'u1',
  facilityType,
  facilityName: 'מגדלי הפארק',
  projectId: 'p1',
  projectStatus: 'active',
  role: 'manager',
  timezone: 'Asia/Jerusalem',
});

const details = (tasks: RoomDetails['tasks']): RoomDetails => ({
  room: {
    id: 'r1',
    number: 'A101',
    name: null,
    description: null,
    floor: 1,
    type: 'apartment',
    facilityType: 'construction',
    status: 'in_progress',
    lastCleaned: null,
    lastCleanedBy: null,
    totalTasksToday: tasks.length,
    completedTasksToday: tasks.filter((t) => t.isCompleted).length,
  },
  date: '2026-03-10',
  tasks,
  totalTasks: tasks.length,
  completedTasks: tasks.filter((t) => t.isCompleted).length,
});
const task = (over: Partial<RoomDetails['tasks'][number]>): RoomDetails['tasks'][number] => ({
  id: 't1',
  name: 'Waterproofing',
  description: null,
  isCompleted: false,
  completedAt: null,
  cleanerName: null,
  photoUrl: null,
  notes: null,
  requiresPhoto: false,
  estimatedMinutes: 30,
  review: null,
  ...over,
});

const at = '/units/:roomId/handover';

describe('UnitHandoverPage', () => {
  it('shows the unit and its stages in order, with worker, time in the project zone, notes and photo', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user() },
      'GET /api/dashboard/room-details/r1': {
        body: details([
          task({
            id: 't1',
            name: 'Waterproofing',
            isCompleted: true,
            // 12:05 UTC is 2:05 PM in Jerusalem (winter time).
            completedAt: '2026-03-10T12:05:00.000Z',
            cleanerName: 'דוד כהן',
            photoUrl: '/objects/uploads/p1.jpg',
            notes: 'Checked with the owner',
            review: { state: 'accepted', reason: null },
          }),
          task({ id: 't2', name: 'Plaster', review: { state: 'sent_back', reason: 'Corners are uneven' } }),
        ]),
      },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithProviders(<UnitHandoverPage />, { path: at, url: '/units/r1/handover' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Apartment handover report' })).toBeInTheDocument();
    await screen.findByTestId('handover-table');
    expect(screen.getByTestId('fact-project')).toHaveTextContent('Project:מגדלי הפארק');
    expect(within(screen.getByTestId('fact-project')).getByText('מגדלי הפארק').tagName).toBe('BDI');
    expect(screen.getByTestId('fact-unit')).toHaveTextContent('Apartment:A101');
    expect(within(screen.getByTestId('fact-unit')).getByText('A101').tagName).toBe('BDI');
    expect(screen.getByTestId('fact-floor')).toHaveTextContent('Floor:1');
    expect(screen.getByTestId('fact-type')).toHaveTextContent('Type:Apartment');
    expect(screen.getByTestId('handover-summary')).toHaveTextContent('Stages done: 1 of 2');

    const rows = screen.getAllByTestId('handover-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1');
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Waterproofing');
    expect(rows[0]).toHaveTextContent('Done');
    expect(within(rows[0]).getByText('דוד כהן').tagName).toBe('BDI');
    expect(rows[0]).toHaveTextContent(/3\/10\/26, 2:05\sPM/);
    expect(rows[0]).toHaveTextContent('Checked with the owner');
    const photo = within(rows[0]).getByRole('img', { name: 'Photo: Waterproofing' });
    expect(photo).toHaveAttribute('src', '/objects/uploads/p1.jpg');
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('Plaster');
    expect(rows[1]).toHaveTextContent('Open');
    expect(within(rows[1]).queryByRole('img')).toBeNull();
    // Each stage's review state, and why a stage was sent back (docs/decisions/029-quality-loop.md).
    expect(within(rows[0]).getByTestId('review-state')).toHaveTextContent('Accepted');
    expect(within(rows[1]).getByTestId('review-state')).toHaveTextContent('Sent back');
    expect(within(rows[1]).getByTestId('review-reason')).toHaveTextContent('Reason: Corners are uneven');

    // The print rules are on the page; the button opens the browser's print dialog.
    expect(document.querySelector('style')?.textContent).toContain('size: A4; margin: 15mm');
    await userEvent.click(screen.getByRole('button', { name: 'Print / save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the unit has no stages, in the cleaning wording too', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user('hotel') },
      'GET /api/dashboard/room-details/r1': { body: details([]) },
    });
    renderWithProviders(<UnitHandoverPage />, { path: at, url: '/units/r1/handover' });
    expect(await screen.findByText('This room has no tasks')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Room handover report' })).toBeInTheDocument();
    expect(screen.queryByTestId('handover-table')).toBeNull();
  });

  it('shows loading, then an error with a retry that loads the report', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user': { body: user() },
      'GET /api/dashboard/room-details/r1': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: details([task({})]) }),
    });
    renderWithProviders(<UnitHandoverPage />, { path: at, url: '/units/r1/handover' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the apartment…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the apartment');
    expect(screen.getByRole('button', { name: 'Print / save as PDF' })).toBeDisabled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('handover-table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print / save as PDF' })).toBeEnabled();
  });

  it('says an unknown unit is not found, without a retry', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user() },
      'GET /api/dashboard/room-details/nope': { status: 404, body: { code: 'unit_not_found', message: 'Room not found' } },
    });
    renderWithProviders(<UnitHandoverPage />, { path: at, url: '/units/nope/handover' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Apartment not found');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

const units = { totalRooms: 40, clean: 10, inProgress: 5, needsCleaning: 23, inactive: 2, total: 40 };
const stats = (floors: CleaningStats['floors']): CleaningStats => ({
  from: '2026-03-10',
  to: '2026-03-10',
  totalTasks: 0,
  completedTasks: 0,
  averageTasksPerRoom: 0,
  topCleaners: [],
  previous: { totalTasks: 0, completedTasks: 0 },
  perDay: [],
  floors,
  firstTimeQuality: null,
  reviewedStages: 0,
  sentBack: [],
});
const shortage = (over: Partial<Shortage>): Shortage => ({
  id: 's1',
  name: 'Tiles 60×60',
  quantity: 12,
  notes: null,
  reportedBy: 'יוסי',
  apartmentId: 'r1',
  apartmentNumber: 'A101',
  status: 'pending',
  reportedAt: '2026-03-09T22:30:00.000Z',
  ...over,
});

describe('ProgressReportPage', () => {
  it('shows the counters, progress per floor and only the open shortages', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': { body: user() },
      'GET /api/stats/rooms': { body: units },
      'GET /api/stats/cleaning': {
        body: stats([
          { floor: 1, units: 20, doneUnits: 5, stages: 140, doneStages: 70 },
          { floor: null, units: 2, doneUnits: 0, stages: 0, doneStages: 0 },
        ]),
      },
      'GET /api/shortages': {
        body: [
          shortage({}),
          shortage({ id: 's2', name: 'Door handles', status: 'in_progress', apartmentNumber: null, reportedBy: null }),
          shortage({ id: 's3', name: 'Paint', status: 'completed' }),
        ],
      },
    });
    renderWithProviders(<ProgressReportPage />, { path: '/reports/progress' });
    expect(await screen.findByTestId('report-counter-total')).toHaveTextContent('40');
    expect(screen.getByRole('heading', { level: 1, name: 'Project progress report' })).toBeInTheDocument();
    expect(screen.getByText('מגדלי הפארק').tagName).toBe('BDI');
    expect(screen.getByTestId('report-counter-done')).toHaveTextContent('10');
    expect(screen.getByTestId('report-counter-inProgress')).toHaveTextContent('5');
    expect(screen.getByTestId('report-counter-notStarted')).toHaveTextContent('23');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/stats/cleaning?days=1');

    const floor1 = screen.getByRole('rowheader', { name: 'Floor 1' }).closest('tr')!;
    expect(floor1).toHaveTextContent('5 of 20');
    expect(floor1).toHaveTextContent('70 of 140');
    expect(floor1).toHaveTextContent('50%');
    expect(screen.getByRole('rowheader', { name: 'No floor' }).closest('tr')).toHaveTextContent('0%');

    const rows = screen.getAllByTestId('shortage-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Tiles 60×60');
    expect(rows[0]).toHaveTextContent('12');
    expect(within(rows[0]).getByText('A101').tagName).toBe('BDI');
    expect(within(rows[0]).getByText('יוסי').tagName).toBe('BDI');
    // 22:30 UTC on the 9th is the 10th in Jerusalem.
    expect(rows[0]).toHaveTextContent('3/10/26');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Door handles');
    expect(rows[1]).toHaveTextContent('In progress');
    expect(screen.queryByText('Paint')).toBeNull();
    expect(screen.getByText('Open shortages: 2')).toBeInTheDocument();
  });

  it('says when there are no open shortages and no units yet', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user() },
      'GET /api/stats/rooms': { body: { ...units, totalRooms: 0, clean: 0, inProgress: 0, needsCleaning: 0, total: 0 } },
      'GET /api/stats/cleaning': { body: stats([]) },
      'GET /api/shortages': { body: [shortage({ status: 'completed' })] },
    });
    renderWithProviders(<ProgressReportPage />, { path: '/reports/progress' });
    expect(await screen.findByText('No open shortages')).toBeInTheDocument();
    expect(screen.getByText('No apartments yet')).toBeInTheDocument();
    expect(screen.queryByTestId('shortages-table')).toBeNull();
  });

  it('shows loading, then an error with a retry that loads the report', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user': { body: user() },
      'GET /api/stats/rooms': { body: units },
      'GET /api/stats/cleaning': { body: stats([]) },
      'GET /api/shortages': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: [] }),
    });
    renderWithProviders(<ProgressReportPage />, { path: '/reports/progress' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the report…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the report');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open shortages')).toBeInTheDocument();
  });
});
