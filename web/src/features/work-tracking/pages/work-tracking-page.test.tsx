import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduledTask, ScheduledTasksPage } from '#contract/schedules.ts';
import { dismissToast } from '#web/components/ui/toast.ts';
import { mockFetch, renderWithProviders, type MockResponse } from '#web/test/render.tsx';
import WorkTrackingPage from './work-tracking-page.tsx';

const task = (over: Partial<ScheduledTask>): ScheduledTask => ({
  id: 't1',
  name: 'Plumbing and water pressure test',
  description: null,
  recurrence: 'once',
  apartmentId: 'a1',
  apartmentNumber: 'A101',
  apartmentName: null,
  apartmentType: 'penthouse',
  apartmentFloor: 1,
  facilityType: 'construction',
  workerName: null,
  isCompleted: false,
  completedAt: null,
  receivedAt: null,
  photoUrl: null,
  notes: null,
  status: 'pending',
  review: null,
  ...over,
});

const page = (items: ScheduledTask[], total = items.length, p = 1): ScheduledTasksPage => ({
  items,
  total,
  page: p,
  pageSize: 50,
  counts: { all: 120, pending: 70, in_progress: 20, completed: 30 },
});

/** GET /api/scheduled-tasks answers with `answer(query)`; the query strings asked for are collected. */
function setup(answer: (q: URLSearchParams) => MockResponse, url = '/work-tracking', role = 'manager') {
  const queries: string[] = [];
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: { id: 'u1', facilityType: 'construction', projectId: 'p1', projectStatus: 'active', role } },
    'GET /api/scheduled-tasks': ({ url: u }) => {
      const q = u.split('?')[1] ?? '';
      queries.push(q);
      return answer(new URLSearchParams(q));
    },
  });
  renderWithProviders(<WorkTrackingPage />, { path: '/work-tracking', url });
  return { queries, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

describe('WorkTrackingPage', () => {
  it('renders a card with apartment, type, floor, worker, recurrence note, time, badge, photo and notes', async () => {
    setup(() => ({
      body: page([
        task({
          id: 'done',
          workerName: 'Yossi',
          isCompleted: true,
          status: 'completed',
          completedAt: '2026-11-22T08:30:00Z',
          photoUrl: '/objects/photos/p1.jpg',
          notes: 'Leak fixed',
        }),
        task({ id: 'open', apartmentNumber: 'B7', recurrence: 'daily', apartmentFloor: null }),
      ]),
    }));
    const cards = await screen.findAllByTestId('scheduled-task-card');
    expect(cards).toHaveLength(2);
    const done = within(cards[0]);
    expect(done.getByRole('heading', { name: 'A101' })).toBeInTheDocument();
    expect(done.getByText('Penthouse')).toBeInTheDocument();
    expect(done.getByText('Yossi')).toBeInTheDocument();
    expect(done.getByText('Completed')).toBeInTheDocument();
    expect(done.getByText('A permanent task: once done, it stays done.')).toBeInTheDocument();
    expect(done.getByText('Leak fixed')).toBeInTheDocument();
    expect(cards[0].querySelector('time')).toHaveAttribute('dateTime', '2026-11-22T08:30:00Z');
    const img = done.getByRole('img', { name: /Confirmation photo of/ });
    expect(img).toHaveAttribute('src', '/objects/photos/p1.jpg');
    expect(done.getByRole('link', { name: /Open the photo/ })).toHaveAttribute('href', '/objects/photos/p1.jpg');

    const open = within(cards[1]);
    expect(open.getByText('Not assigned')).toBeInTheDocument();
    expect(open.getByText('Pending')).toBeInTheDocument();
    expect(open.getByText('Not completed yet')).toBeInTheDocument();
    expect(open.getByText('A daily task: it opens again every day.')).toBeInTheDocument();
    expect(open.queryByRole('img')).not.toBeInTheDocument();

    expect(screen.getByTestId('count-pending')).toHaveTextContent('70');
    expect(screen.getByTestId('count-completed')).toHaveTextContent('30');
  });

  it('shows each stage’s review state in words, and the reason of a stage sent back', async () => {
    setup(() => ({
      body: page([
        task({
          id: 'a',
          isCompleted: true,
          status: 'completed',
          completedAt: '2026-11-22T08:30:00Z',
          review: { state: 'awaiting', reason: null },
        }),
        task({
          id: 'b',
          isCompleted: true,
          status: 'completed',
          completedAt: '2026-11-22T08:30:00Z',
          review: { state: 'accepted', reason: null },
        }),
        task({ id: 'c', review: { state: 'sent_back', reason: 'Grout is cracked' } }),
        task({ id: 'd' }),
      ]),
    }));
    const cards = await screen.findAllByTestId('scheduled-task-card');
    expect(within(cards[0]).getByTestId('review-state')).toHaveTextContent('Awaiting review');
    expect(within(cards[1]).getByTestId('review-state')).toHaveTextContent('Accepted');
    expect(within(cards[2]).getByTestId('review-state')).toHaveTextContent('Sent back');
    expect(within(cards[2]).getByTestId('review-reason')).toHaveTextContent('Reason: Grout is cracked');
    expect(within(cards[2]).getByText('Grout is cracked').tagName).toBe('BDI');
    expect(within(cards[3]).queryByTestId('review-state')).toBeNull();
    expect(within(cards[0]).queryByTestId('review-reason')).toBeNull();
  });

  it('says when a completion recorded without signal reached the server, and not for one sent at once', async () => {
    setup(() => ({
      body: page([
        task({
          id: 'late',
          isCompleted: true,
          status: 'completed',
          completedAt: '2026-11-22T08:30:00Z',
          receivedAt: '2026-11-22T11:05:00Z',
        }),
        task({
          id: 'live',
          isCompleted: true,
          status: 'completed',
          completedAt: '2026-11-22T09:00:00Z',
          receivedAt: '2026-11-22T09:00:02Z',
        }),
        task({ id: 'before', isCompleted: true, status: 'completed', completedAt: '2026-11-22T09:00:00Z', receivedAt: null }),
      ]),
    }));
    const cards = await screen.findAllByTestId('scheduled-task-card');
    expect(within(cards[0]).getByTestId('received-late')).toHaveTextContent(/Sent from the phone later, at .*\(recorded without signal\)/);
    expect(within(cards[1]).queryByTestId('received-late')).toBeNull();
    expect(within(cards[2]).queryByTestId('received-late')).toBeNull();
  });

  it('debounces the search: one request for the whole word, 300 ms after typing stops', async () => {
    const u = userEvent.setup();
    const { queries } = setup(() => ({ body: page([task({})]) }));
    await screen.findAllByTestId('scheduled-task-card');
    await u.type(screen.getByLabelText('Search'), 'Dana');
    expect(queries.some((q) => q.includes('search=D'))).toBe(false);
    await waitFor(() => expect(queries).toContain('search=Dana&page=1&pageSize=50'));
    expect(queries.filter((q) => q.includes('search='))).toEqual(['search=Dana&page=1&pageSize=50']);
  });

  it('waits exactly 300 ms after the last change before searching', async () => {
    const { queries } = setup(() => ({ body: page([task({})]) }));
    await screen.findAllByTestId('scheduled-task-card');
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'A1' } });
      act(() => void vi.advanceTimersByTime(200));
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'A10' } });
      act(() => void vi.advanceTimersByTime(299));
      expect(queries.some((q) => q.includes('search='))).toBe(false);
      act(() => void vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(queries.filter((q) => q.includes('search='))).toEqual(['search=A10&page=1&pageSize=50']));
  });

  it('filters by status and project type, back to page 1, and clear resets everything', async () => {
    const u = userEvent.setup();
    const { queries } = setup(() => ({ body: page([task({})], 120) }), '/work-tracking?page=2');
    await screen.findAllByTestId('scheduled-task-card');
    expect(queries[0]).toBe('page=2&pageSize=50');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: /^In progress/ }));
    await waitFor(() => expect(queries.at(-1)).toBe('status=in_progress&page=1&pageSize=50'));
    expect(screen.getByRole('button', { name: /^In progress/ })).toHaveAttribute('aria-pressed', 'true');

    await u.selectOptions(screen.getByLabelText('Project type'), 'construction');
    await waitFor(() => expect(queries.at(-1)).toBe('status=in_progress&projectType=construction&page=1&pageSize=50'));

    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toBe('status=in_progress&projectType=construction&page=2&pageSize=50'));

    await u.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&pageSize=50'));
  });

  it('moves a page number past the end back to the last page', async () => {
    const { queries } = setup(
      (q) => ({ body: q.get('page') === '3' ? page([task({})], 120, 3) : page([], 120, 9) }),
      '/work-tracking?page=9',
    );
    await waitFor(() => expect(queries.at(-1)).toBe('page=3&pageSize=50'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('shows an empty state, and an error state with retry', async () => {
    const u = userEvent.setup();
    let fail = true;
    setup(() => (fail ? { status: 500, body: { message: 'boom' } } : { body: page([]) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the tasks');
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No tasks have been scheduled yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule tasks' })).toHaveAttribute('href', '/task-scheduling');
  });

  it('offers a worker with an account no link to scheduling (they only read)', async () => {
    setup(() => ({ body: page([]) }), '/work-tracking', 'cleaner');
    expect(await screen.findByText(/No tasks have been scheduled yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Schedule tasks' })).toBeNull();
  });
});
