import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewItem, ReviewsPage } from '#contract/reviews.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo, type Handler, type MockResponse } from '#web/test/render.tsx';
import ReviewPage from './review-page.tsx';

// The phone test stubs matchMedia; no later test may inherit a phone.
afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<ReviewItem>): ReviewItem => ({
  completionId: 'c1',
  taskId: 't1',
  taskName: 'Tiling',
  unitId: 'u1',
  unitNumber: 'A101',
  unitName: 'North wing',
  floor: 3,
  workerName: 'Yossi Cohen',
  completedAt: '2026-11-22T08:30:00.000000Z',
  workDate: '2026-11-22',
  photoUrl: '/objects/photos/p1.jpg',
  notes: 'Grout done',
  status: 'pending',
  review: null,
  ...over,
});

const two = [item({}), item({ completionId: 'c2', taskId: 't2', taskName: 'Paint', unitNumber: 'B7', photoUrl: null, notes: null })];

function setup(list: (q: URLSearchParams) => MockResponse, extra: Record<string, Handler> = {}) {
  const queries: string[] = [];
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: { id: 'u1', facilityType: 'construction', projectId: 'p1', projectStatus: 'active', role: 'manager' } },
    'GET /api/task-templates': { body: [] },
    'GET /api/reviews/count': { body: { pending: 2 } },
    'GET /api/reviews': ({ url }) => {
      const q = url.split('?')[1] ?? '';
      queries.push(q);
      return list(new URLSearchParams(q));
    },
    ...extra,
  });
  renderWithProviders(<ReviewPage />, { path: '/review' });
  return { fetchMock, queries };
}

const page = (items: ReviewItem[], nextCursor: string | null = null): MockResponse => ({
  body: { items, nextCursor } satisfies ReviewsPage,
});

describe('ReviewPage', () => {
  it('lists the stages waiting for review with photo, unit, floor, stage, worker, time and notes; loads more by cursor', async () => {
    const { queries } = setup((q) => (q.get('cursor') ? page([item({ completionId: 'c3', taskName: 'Doors' })]) : page(two, 'next-1')));
    const cards = await screen.findAllByTestId('review-item');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'Tiling' })).toBeInTheDocument();
    expect(first.getByText('A101')).toBeInTheDocument();
    expect(first.getByText('North wing')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Floor 3');
    expect(first.getByText('Yossi Cohen').tagName).toBe('BDI');
    expect(first.getByText('Grout done')).toBeInTheDocument();
    expect(cards[0].querySelector('time')).toHaveAttribute('dateTime', '2026-11-22T08:30:00.000000Z');
    expect(first.getByRole('img', { name: 'Photo of Tiling in unit A101' })).toHaveAttribute('src', '/objects/photos/p1.jpg');
    expect(within(cards[1]).getByText('No photo')).toBeInTheDocument();
    expect(queries[0]).toBe('status=pending');
    expect(screen.getByTestId('pending-count')).toHaveTextContent('2');

    await userEvent.click(first.getByRole('button', { name: 'Open the photo of Tiling in unit A101' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/objects/photos/p1.jpg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('review-item')).toHaveLength(3));
    expect(queries).toContain('status=pending&cursor=next-1');
  });

  it('accepts one stage with a PUT for its day', async () => {
    const { fetchMock } = setup(() => page(two), {
      'PUT /api/scheduled-tasks/t1/review': {
        body: {
          id: 'r1',
          taskId: 't1',
          completionId: 'c1',
          decision: 'accepted',
          reason: null,
          reviewerName: 'M',
          createdAt: '2026-11-22T09:00:00Z',
        },
      },
    });
    const [first] = await screen.findAllByTestId('review-item');
    await userEvent.click(within(first).getByRole('button', { name: 'Accept' }));
    await findToast('Accepted');
    expect(requestsTo(fetchMock, 'PUT /api/scheduled-tasks/t1/review')).toEqual([{ decision: 'accepted', date: '2026-11-22' }]);
  });

  it('will not send a stage back without a reason; sends the picked reason and the written words', async () => {
    const { fetchMock } = setup(() => page(two), {
      'PUT /api/scheduled-tasks/t2/review': {
        body: {
          id: 'r1',
          taskId: 't2',
          completionId: 'c2',
          decision: 'rejected',
          reason: 'x',
          reviewerName: 'M',
          createdAt: '2026-11-22T09:00:00Z',
        },
      },
    });
    const cards = await screen.findAllByTestId('review-item');
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give a reason: pick one or write it.');
    expect(requestsTo(fetchMock, 'PUT /api/scheduled-tasks/t2/review')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Work incomplete' }));
    await userEvent.type(within(dialog).getByLabelText('Reason in your own words'), 'Corner tiles missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await findToast('Sent back to the worker');
    expect(requestsTo(fetchMock, 'PUT /api/scheduled-tasks/t2/review')).toEqual([
      { decision: 'rejected', reason: 'Work incomplete — Corner tiles missing', date: '2026-11-22' },
    ]);
  });

  it('shows a refusal in the user’s words and keeps the dialog open', async () => {
    setup(() => page(two), {
      'PUT /api/scheduled-tasks/t1/review': { status: 409, body: { code: 'task_not_completed', message: 'SERVER WORDS' } },
    });
    const [first] = await screen.findAllByTestId('review-item');
    await userEvent.click(within(first).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason in your own words'), 'Dirty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This task is not completed, so there is nothing to undo or review.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('accepts a selection in one request with one Idempotency-Key, and says what could not be accepted', async () => {
    const { fetchMock } = setup(() => page(two), {
      'POST /api/reviews/accept': {
        body: {
          results: [
            { taskId: 't1', outcome: 'accepted' },
            { taskId: 't2', outcome: 'not_completed' },
          ],
        },
      },
    });
    await screen.findAllByTestId('review-item');
    const acceptSelected = screen.getByRole('button', { name: 'Accept selected (0)' });
    expect(acceptSelected).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Tiling in unit A101' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Paint in unit B7' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Paint in unit B7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected (2)' }));
    const toast = await findToast('Accepted: 1');
    expect(toast).toHaveTextContent('Not accepted, no longer completed or not found: 1');
    expect(requestsTo(fetchMock, 'POST /api/reviews/accept')).toEqual([
      {
        items: [
          { taskId: 't1', date: '2026-11-22' },
          { taskId: 't2', date: '2026-11-22' },
        ],
      },
    ]);
    const call = fetchMock.mock.calls.find(
      ([u, init]) => String(u).includes('/api/reviews/accept') && (init as RequestInit).method === 'POST',
    );
    expect(new Headers((call![1] as RequestInit).headers).get('idempotency-key')).toMatch(/.{8,}/);
  });

  it('says so when nothing waits for review, and filters by floor, stage and worker', async () => {
    const { queries } = setup(() => page([]));
    expect(await screen.findByText('Nothing waiting for review')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Floor'), '3');
    await userEvent.type(screen.getByLabelText('Worker'), 'Yos');
    await waitFor(() => expect(queries).toContain('status=pending&floor=3&worker=Yos'));
    // Typed filters wait for a pause in typing: no request per keystroke.
    expect(queries).not.toContain('status=pending&floor=3&worker=Y');
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sent back' }));
    await waitFor(() => expect(queries).toContain('status=rejected&floor=3&worker=Yos'));
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    setup(() => ({ status: 500, body: { code: 'internal', message: 'x' } }));
    expect(await screen.findByText('The review list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('on a phone shows one stage at a time with its photo large and two big buttons, then the next', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener() {},
      removeEventListener() {},
    }));
    let accepted = false;
    const { fetchMock } = setup(() => page(accepted ? two.slice(1) : two), {
      'PUT /api/scheduled-tasks/t1/review': () => {
        accepted = true;
        return {
          body: {
            id: 'r1',
            taskId: 't1',
            completionId: 'c1',
            decision: 'accepted',
            reason: null,
            reviewerName: 'M',
            createdAt: '2026-11-22T09:00:00Z',
          },
        };
      },
    });
    const card = await screen.findByTestId('review-phone-item');
    expect(screen.queryAllByTestId('review-item')).toHaveLength(0);
    expect(within(card).getByRole('heading', { name: 'Tiling' })).toBeInTheDocument();
    expect(within(card).getByText('Waiting: 2')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('review-phone-item')).getByRole('heading', { name: 'Paint' })).toBeInTheDocument(),
    );
    expect(requestsTo(fetchMock, 'PUT /api/scheduled-tasks/t1/review')).toHaveLength(1);
    expect(within(screen.getByTestId('review-phone-item')).getByRole('button', { name: 'Send back' })).toBeInTheDocument();
  });
});
