import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '#contract/rooms.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo, type MockResponse } from '#web/test/render.tsx';
import { BULK_CHUNK_SIZE } from '../api/generator.ts';
import RoomGeneratorPage from './room-generator-page.tsx';
import errors from '#web/locales/en/errors.json';

const room = (number: string): Room => ({
  id: `id-${number}`,
  number,
  name: null,
  description: null,
  floor: null,
  type: 'apartment',
  facilityType: 'construction',
  status: 'needs_cleaning',
  lastCleaned: null,
  lastCleanedBy: null,
  totalTasksToday: 0,
  completedTasksToday: 0,
});

afterEach(() => vi.useRealTimers());

const ok = (body: unknown): MockResponse => ({ body });

function setup(routes: Parameters<typeof mockFetch>[0] = {}, userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/user': ok({ id: 'u1', projectId: 'p1', facilityType: 'construction', role: 'admin' }),
    'GET /api/rooms': ok([]),
    ...routes,
  });
  renderWithProviders(<RoomGeneratorPage />, { path: '/room-generator' });
  const posts = () => requestsTo(fetchMock, 'POST /api/rooms/bulk') as { rooms: unknown[] }[];
  const keys = () =>
    fetchMock.mock.calls
      .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
      .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key']);
  return { posts, keys, user: userEvent.setup({ delay: null, ...userOptions }) };
}

/** Fills range `n` (1-based) of the editor. */
async function fillRange(user: ReturnType<typeof userEvent.setup>, n: number, values: { prefix?: string; start?: string; end?: string }) {
  const range = screen.getByRole('group', { name: `Range ${n}` });
  for (const [label, value] of [
    ['Prefix', values.prefix],
    ['From number', values.start],
    ['To number', values.end],
  ] as const) {
    if (value === undefined) continue;
    const input = within(range).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return range;
}

const exampleLabels = (n: number) =>
  within(screen.getByRole('list', { name: `Example labels of range ${n}` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

// Typing into a page that re-plans on every key is slow on a shared CI machine.
describe('RoomGeneratorPage', () => {
  it('shows the first labels of each range and the total, live', async () => {
    const { user } = setup();
    await fillRange(user, 1, { prefix: 'A', start: '101', end: '150' });
    expect(exampleLabels(1)).toEqual(['A101', 'A102', 'A103', 'A104', 'A105', 'A150']);
    expect(within(screen.getByRole('group', { name: 'Range 1' })).getByText('Units: 50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add range' }));
    await fillRange(user, 2, { prefix: 'B', start: '1', end: '3' });
    expect(exampleLabels(2)).toEqual(['B1', 'B2', 'B3']);
    expect(screen.getByTestId('generator-total')).toHaveTextContent('Units in the ranges: 53');
    expect(await screen.findByTestId('generator-new')).toHaveTextContent('New units: 53');

    await user.click(screen.getByRole('button', { name: 'Remove — Range 1' }));
    expect(screen.getByTestId('generator-total')).toHaveTextContent('Units in the ranges: 3');
  });

  it('uses 1 for a start or end that is not a valid number', async () => {
    const { user } = setup();
    const range = await fillRange(user, 1, { prefix: 'X', start: 'abc', end: '3' });
    expect(exampleLabels(1)).toEqual(['X1', 'X2', 'X3']);
    expect(within(range).getByText('Not a valid number: 1 is used')).toBeInTheDocument();
    expect(screen.getByTestId('generator-total')).toHaveTextContent('Units in the ranges: 3');

    await fillRange(user, 1, { start: '2', end: '' });
    // End falls back to 1, below the start of 2: the range is refused rather than guessed.
    expect(within(range).getByText('The last number is smaller than the first')).toBeInTheDocument();
    expect(screen.getByTestId('generator-total')).toHaveTextContent('Units in the ranges: 0');
  });

  it('refuses a prefix longer than three characters', async () => {
    const { user } = setup();
    const range = await fillRange(user, 1, { prefix: 'ABCD', start: '1', end: '2' });
    expect(within(range).getByLabelText('Prefix')).toHaveValue('ABC');
    expect(exampleLabels(1)).toEqual(['ABC1', 'ABC2']);
  });

  it('fills the ranges from a quick template', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use the template: Mixed project' }));
    expect(exampleLabels(1)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A30']);
    expect(exampleLabels(3)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P20']);
    expect(within(screen.getByRole('group', { name: 'Range 3' })).getByLabelText('Unit type')).toHaveValue('parking');
    expect(screen.getByTestId('generator-total')).toHaveTextContent('Units in the ranges: 75');
  });

  it('sends nothing when every label already exists', async () => {
    const { user, posts } = setup({ 'GET /api/rooms': ok([room('A1'), room('A2')]) });
    await fillRange(user, 1, { prefix: 'A', start: '1', end: '2' });
    expect(await screen.findByTestId('generator-new')).toHaveTextContent('New units: 0');
    await user.click(screen.getByRole('button', { name: /Create new units/ }));

    const toastEl = await findToast('No units to create');
    expect(toastEl).toHaveTextContent('All units in this range already exist in the system');
    expect(posts()).toHaveLength(0);
  });

  it('says no valid templates are defined when no range is valid', async () => {
    const { user, posts } = setup();
    await screen.findByTestId('generator-new');
    await user.click(screen.getByRole('button', { name: 'Remove — Range 1' }));
    expect(screen.getByText('No ranges. Add a range or choose a quick template.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Create new units/ }));
    await findToast('No valid unit templates defined');
    expect(posts()).toHaveLength(0);
  });

  it('counts a range typed in another case as the server will: existing labels in any case skipped, new ones in the project case', async () => {
    const existing = ['B220', 'B221', 'B222', 'B223', 'B224', 'B225'].map((n) => room(n));
    const { user, posts } = setup({
      'GET /api/rooms': ok(existing),
      'POST /api/rooms/bulk': ok({ created: 2, skipped: 0, message: 'Created 2 rooms' }),
    });
    await fillRange(user, 1, { prefix: 'b', start: '220', end: '227' });
    expect(await screen.findByTestId('generator-new')).toHaveTextContent('New units: 2');
    expect(screen.getByTestId('range-example-1')).toHaveTextContent(/B220.*B227/);
    expect(screen.getByTestId('range-example-1')).not.toHaveTextContent('b2');
    await user.click(screen.getByRole('button', { name: 'Create new units (2)' }));
    await findToast('New units created: 2');
    expect(posts()[0].rooms).toEqual([expect.objectContaining({ number: 'B226' }), expect.objectContaining({ number: 'B227' })]);
  });

  it('sends only the new labels with their floors, reports created and skipped, and opens scheduling after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, posts } = setup(
      { 'GET /api/rooms': ok([room('A101')]), 'POST /api/rooms/bulk': ok({ created: 2, skipped: 0, message: 'Created 2 rooms' }) },
      { advanceTimers: vi.advanceTimersByTime },
    );
    await fillRange(user, 1, { prefix: 'A', start: '101', end: '103' });
    expect(await screen.findByTestId('generator-new')).toHaveTextContent('New units: 2');
    await user.click(screen.getByRole('button', { name: 'Create new units (2)' }));

    const toastEl = await findToast('New units created: 2');
    expect(toastEl).toHaveTextContent('Existing units skipped: 1');
    expect(posts()).toEqual([
      {
        rooms: [
          { number: 'A102', facilityType: 'construction', type: 'apartment', floor: 1, status: 'needs_cleaning' },
          { number: 'A103', facilityType: 'construction', type: 'apartment', floor: 1, status: 'needs_cleaning' },
        ],
      },
    ]);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/task-scheduling');
  });

  it('stays on the page when the server created nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = setup(
      { 'POST /api/rooms/bulk': ok({ created: 0, skipped: 2, message: 'All exist' }) },
      { advanceTimers: vi.advanceTimersByTime },
    );
    await fillRange(user, 1, { prefix: 'Q', start: '1', end: '2' });
    await screen.findByTestId('generator-new');
    await user.click(screen.getByRole('button', { name: 'Create new units (2)' }));
    await findToast('All units in this range already exist in the system');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create units' })).toBeInTheDocument();
  });

  it('sends a large building in slices, each with its own Idempotency-Key of the submission, and sums the results', async () => {
    const { user, posts, keys } = setup({
      'POST /api/rooms/bulk': ({ body }) => ok({ created: (body as { rooms: unknown[] }).rooms.length, skipped: 0, message: '' }),
    });
    await fillRange(user, 1, { prefix: '', start: '1', end: '600' });
    await screen.findByText('New units: 600');
    await user.click(screen.getByRole('button', { name: 'Create new units (600)' }));
    await findToast('New units created: 600');
    const sizes = posts().map((b) => b.rooms.length);
    expect(sizes).toEqual([BULK_CHUNK_SIZE, BULK_CHUNK_SIZE, 600 - 2 * BULK_CHUNK_SIZE]);
    // A double-click or a retry replays the slices already created (docs/decisions/015-idempotent-creates.md).
    const [first, ...rest] = keys();
    expect(first).toMatch(/^[A-Za-z0-9_.-]{8,90}:0$/);
    expect(rest).toEqual([first.replace(/:0$/, ':1'), first.replace(/:0$/, ':2')]);
  });

  it('words a failed creation by its code, never the server message', async () => {
    const { user } = setup({
      'POST /api/rooms/bulk': { status: 503, body: { code: 'database_unavailable', message: 'Database unavailable' } },
    });
    await screen.findByTestId('generator-new');
    await user.click(screen.getByRole('button', { name: /Create new units/ }));
    const toastEl = await findToast('Error creating units');
    expect(toastEl).toHaveTextContent(errors.database_unavailable);
    expect(toastEl).not.toHaveTextContent('Database unavailable');
    await waitFor(() => expect(screen.getByRole('button', { name: /Create new units/ })).toBeEnabled());
  });

  it('has no serious accessibility violations', async () => {
    setup();
    await screen.findByTestId('generator-new');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
