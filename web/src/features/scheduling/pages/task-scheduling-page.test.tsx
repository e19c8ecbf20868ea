import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '#contract/rooms.ts';
import { DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { dismissToast } from '#web/components/ui/toast.ts';
import { roomDetailsQuery, roomStatsQuery } from '#web/lib/queries/rooms.ts';
import { createTestQueryClient, mockFetch, renderWithProviders, requestsTo, type MockResponse } from '#web/test/render.tsx';
import { userWith } from '#web/test/fixtures.ts';
import TaskSchedulingPage from './task-scheduling-page.tsx';
import heErrors from '#web/locales/he/errors.json';

const unit = (id: string, number: string, type = 'apartment'): Room => ({
  id,
  number,
  type,
  facilityType: 'construction',
  name: null,
  description: null,
  floor: null,
  status: 'needs_cleaning',
  lastCleaned: null,
  lastCleanedBy: null,
  totalTasksToday: 0,
  completedTasksToday: 0,
});
const units = [unit('r101', '101'), unit('r102', '102'), unit('r201', '201'), unit('r202', '202', 'penthouse'), unit('r1201', '1201')];

function setup(
  post: MockResponse | (() => MockResponse) = { body: { message: 'ok', roomsScheduled: 1, tasksCreated: 7, tasksSkipped: 0 } },
  language: 'en' | 'he' = 'en',
  templates: unknown[] = [],
  facilityType = 'construction',
  queryClient = createTestQueryClient(),
) {
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: userWith(facilityType) },
    'GET /api/rooms': { body: units },
    'GET /api/task-templates': { body: templates },
    'GET /api/task-schedules': ({ url }) => ({
      body: url.includes('roomId=r101')
        ? [
            {
              id: 't1',
              name: 'Existing stage',
              description: null,
              requiresPhoto: true,
              estimatedMinutes: 20,
              recurrence: 'once',
              sortOrder: 1,
            },
          ]
        : [],
    }),
    'POST /api/task-schedules': post,
  });
  const view = renderWithProviders(<TaskSchedulingPage />, { path: '/task-scheduling', language, queryClient });
  return { fetchMock, ...view };
}

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  act(() => dismissToast());
});

// Role queries over a seven-row form are slow in jsdom on a busy machine.
describe('TaskSchedulingPage', () => {
  it('refuses to save without a unit, then without tasks, with the Hebrew messages of docs/product.md "Validation rules"', async () => {
    const u = userEvent.setup();
    const { fetchMock } = setup(undefined, 'he');
    const save = await screen.findByRole('button', { name: 'שמירת לוח המשימות' });
    await screen.findByRole('option', { name: /^101/ });

    await u.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('אנא בחר דירה');

    await u.click(screen.getByRole('button', { name: 'העתקה לדירות רבות' }));
    await u.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('אנא בחר דירות');

    await u.click(screen.getByRole('button', { name: 'דירה אחת' }));
    await u.selectOptions(screen.getByLabelText('דירה'), 'r102');
    for (const input of screen.getAllByLabelText('שם המשימה')) fireEvent.change(input, { target: { value: '  ' } });
    await u.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('אנא הוסף לפחות משימה אחת');

    expect(requestsTo(fetchMock, 'POST /api/task-schedules')).toHaveLength(0);
  });

  it('keeps the mode, the filter and the chosen units over a reload, and drops a unit that is gone', async () => {
    const u = userEvent.setup();
    const first = setup();
    await screen.findByRole('option', { name: /^101/ });
    await u.click(screen.getByRole('button', { name: 'Copy to many apartments' }));
    await u.type(screen.getByLabelText(/Floor \(start of the apartment number\)/), '2');
    await u.click(screen.getByRole('button', { name: 'Select all 2 matching' }));
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('× 2 apartments');
    first.unmount();
    // The reload: a new page, the same tab. Unit 201 was deleted meanwhile.
    sessionStorage.setItem(
      'shalav.scheduling.selection',
      sessionStorage.getItem('shalav.scheduling.selection')!.replace('"r201"', '"gone"'),
    );
    const { fetchMock } = setup();
    expect(await screen.findByLabelText(/Floor \(start of the apartment number\)/)).toHaveValue('2');
    await waitFor(() => expect(screen.getByTestId('schedule-summary')).toHaveTextContent('× 1 apartments'));
    await u.click(screen.getByRole('button', { name: 'Save the schedule' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/task-schedules')).toHaveLength(1));
    expect((requestsTo(fetchMock, 'POST /api/task-schedules')[0] as { roomIds: string[] }).roomIds).toEqual(['r202']);
  });

  it('shows the unit’s current tasks in single mode and sends roomId with the named tasks only', async () => {
    const u = userEvent.setup();
    const { fetchMock } = setup();
    await screen.findByRole('option', { name: /^101/ });
    await u.selectOptions(screen.getByLabelText('Apartment'), 'r101');
    expect(await screen.findByText('Existing stage')).toBeInTheDocument();

    const names = screen.getAllByLabelText('Task name');
    await u.clear(names[6]);
    await u.click(screen.getByRole('button', { name: 'Save the schedule' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/task-schedules')).toHaveLength(1));
    const [body] = requestsTo(fetchMock, 'POST /api/task-schedules') as Array<{
      roomId?: string;
      roomIds?: string[];
      taskTemplates: Array<Record<string, unknown>>;
    }>;
    expect(body.roomId).toBe('r101');
    expect(body.roomIds).toBeUndefined();
    expect(body.taskTemplates).toHaveLength(6);
    expect(body.taskTemplates[0]).toMatchObject({
      name: DEFAULT_INSPECTION_TASKS[0].text.en.name,
      estimatedMinutes: 30,
      requiresPhoto: true,
      recurrence: 'once',
    });
    expect((body.taskTemplates[0].translations as Record<string, { name: string }>).he.name).toBe(DEFAULT_INSPECTION_TASKS[0].text.he.name);
    // A double-click repeats this key, and the server answers it with the first answer (docs/decisions/015-idempotent-creates.md).
    const sent = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
    expect(((sent[1] as RequestInit).headers as Record<string, string>)['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it('starts from the project templates for all unit types, and offers the unit-type ones for a matching unit', async () => {
    const u = userEvent.setup();
    const tpl = (id: string, name: string, roomType: string | null, sortOrder: number) => ({
      id,
      name,
      description: null,
      translations: { en: { name: `${name} (en)` } },
      facilityType: 'construction',
      roomType,
      isRequired: true,
      requiresPhoto: false,
      estimatedMinutes: 12,
      sortOrder,
    });
    setup(undefined, 'en', [tpl('b', 'Second', null, 2), tpl('a', 'First', null, 1), tpl('c', 'Roof deck', 'penthouse', 3)]);
    await waitFor(() =>
      expect(screen.getAllByLabelText('Task name').map((i) => (i as HTMLInputElement).value)).toEqual(['First (en)', 'Second (en)']),
    );
    expect(screen.getByRole('button', { name: 'From templates (2)' })).toBeEnabled();
    await u.selectOptions(screen.getByLabelText('Apartment'), 'r202');
    await u.click(screen.getByRole('button', { name: 'From templates (3)' }));
    expect(screen.getAllByLabelText('Task name')).toHaveLength(3);
  });

  it('reads "rooms" and starts daily tasks for a hotel project', async () => {
    const u = userEvent.setup();
    const tpl = {
      id: 'h1',
      name: 'Make the beds',
      description: null,
      translations: null,
      facilityType: 'hotel',
      roomType: null,
      isRequired: true,
      requiresPhoto: false,
      estimatedMinutes: 5,
      sortOrder: 1,
    };
    setup(undefined, 'en', [tpl], 'hotel');
    await u.click(await screen.findByRole('button', { name: 'Save the schedule' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a room');
    expect(screen.getByRole('button', { name: 'Copy to many rooms' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Task name')).toHaveValue('Make the beds'));
    expect(screen.getByLabelText('Repeats')).toHaveValue('daily');
  });

  it('bulk mode: the floor prefix selects 201 and 202 only, and after saving the form resets and goes to / after 2 s', async () => {
    const u = userEvent.setup();
    // The unit map's cached queries must go stale once tasks are added (the list is this page's own
    // query too: it is fetched again).
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(roomStatsQuery.queryKey, {} as never);
    queryClient.setQueryData(roomDetailsQuery('r201').queryKey, {} as never);
    const { fetchMock } = setup(
      { body: { message: 'ok', roomsScheduled: 2, tasksCreated: 13, tasksSkipped: 1 } },
      'en',
      [],
      'construction',
      queryClient,
    );
    await screen.findByRole('option', { name: /^101/ });
    await u.click(screen.getByRole('button', { name: 'Copy to many apartments' }));
    await u.type(screen.getByLabelText(/Floor \(start of the apartment number\)/), '2');
    expect(screen.getByText('2 of 5 apartments match')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Matching apartments' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['201Apartment', '202Penthouse']);

    await u.click(screen.getByRole('button', { name: 'Select all 2 matching' }));
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('7 tasks × 2 apartments = up to 14 new tasks');
    await u.click(screen.getByRole('button', { name: 'Save the schedule' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/task-schedules')).toHaveLength(1));
    const [body] = requestsTo(fetchMock, 'POST /api/task-schedules') as Array<{
      roomId?: string;
      roomIds: string[];
      taskTemplates: unknown[];
    }>;
    expect(body.roomIds).toEqual(['r201', 'r202']);
    expect(body.roomId).toBeUndefined();
    expect(body.taskTemplates).toHaveLength(7);

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Schedule saved');
    expect(toast).toHaveTextContent('Tasks created: 13 on 2 apartments; skipped because they already existed: 1.');
    expect(screen.getByText('0 selected', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByTestId('task-row')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/rooms')).toHaveLength(2));
    expect(queryClient.getQueryState(roomStatsQuery.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(roomDetailsQuery('r201').queryKey)?.isInvalidated).toBe(true);

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('says "log in again" when unauthorized and words other refusals by their code', async () => {
    const u = userEvent.setup();
    let status = 401;
    const { fetchMock } = setup(
      () => ({
        status,
        body:
          status === 401
            ? { code: 'unauthorized', message: 'Unauthorized' }
            : { code: 'too_many_schedule_rows', message: 'Too many units', params: { max: 5000 } },
      }),
      'he',
    );
    await screen.findByRole('option', { name: /^101/ });
    await u.selectOptions(screen.getByLabelText('דירה'), 'r101');
    await u.click(screen.getByRole('button', { name: 'שמירת לוח המשימות' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('נדרש להתחבר מחדש למערכת');

    status = 400;
    await u.click(screen.getByRole('button', { name: 'שמירת לוח המשימות' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(heErrors.too_many_schedule_rows.replace('{{max}}', '5000')));
    expect(screen.getByTestId('toast')).not.toHaveTextContent('Too many units');
    expect(screen.getByTestId('toast')).toHaveTextContent('שגיאה בשמירת לוח המשימות');
    expect(requestsTo(fetchMock, 'POST /api/task-schedules')).toHaveLength(2);
  });

  it('closes the form after 30 idle minutes and offers the way back to login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    await screen.findByRole('option', { name: /^101/ });
    act(() => void vi.advanceTimersByTime(25 * 60_000));
    expect(await screen.findByRole('dialog')).toHaveTextContent('The form will close in 5 minutes because of inactivity.');
    act(() => void vi.advanceTimersByTime(5 * 60_000));
    expect(await screen.findByText('Form closed due to inactivity')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the schedule' })).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Return to login' }).click());
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});
