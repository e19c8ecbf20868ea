import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { dismissToast } from '#web/components/ui/toast.ts';
import { detailsOf, room, statsOf, userWith } from '#web/test/fixtures.ts';
import RoomMapPage from './room-map-page.tsx';
import errors from '#web/locales/en/errors.json';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const seriousViolations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};

const a101 = room({
  id: 'r1',
  number: 'A101',
  floor: 1,
  status: 'clean',
  totalTasksToday: 2,
  completedTasksToday: 2,
  lastCleaned: '2026-11-22T08:30:00.000Z',
  lastCleanedBy: 'Yossi',
});
const a102 = room({ id: 'r2', number: 'A102', floor: 1, status: 'in_progress', totalTasksToday: 2, completedTasksToday: 1 });
const b201 = room({ id: 'r3', number: 'B201', floor: 2, status: 'needs_cleaning', totalTasksToday: 2, completedTasksToday: 0 });
const rooms = [a101, a102, b201];

function setup(list = rooms, facilityType = 'construction', extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: userWith(facilityType) },
    'GET /api/rooms': { body: list },
    'GET /api/stats/rooms': { body: statsOf(list) },
    ...extra,
  });
  const user = userEvent.setup();
  renderWithProviders(<RoomMapPage />);
  return { fetchMock, user };
}

const cards = () => screen.queryAllByTestId('room-card');

describe('RoomMapPage', () => {
  it('shows every unit with its number, floor, type, status, task count and last completion', async () => {
    setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const first = cards()[0];
    expect(first).toHaveTextContent('A101');
    expect(first).toHaveTextContent('Floor 1');
    expect(first).toHaveTextContent('Apartment');
    expect(first).toHaveTextContent('Done');
    expect(first).toHaveTextContent('2/2');
    expect(first).toHaveTextContent('Yossi');
    expect(cards()[2]).toHaveTextContent('Never');
    expect(screen.getByTestId('rooms-count')).toHaveTextContent('Showing 3 out of 3');
    expect(await screen.findByTestId('tile-total')).toHaveTextContent('3');
    expect(screen.getByTestId('tile-clean')).toHaveTextContent('1');
  });

  it('filters by floor and by status, counts what is shown, and clears the filters', async () => {
    const { user } = setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Floor'), 'Floor 1');
    expect(cards().map((c) => c.textContent)).toEqual([expect.stringContaining('A101'), expect.stringContaining('A102')]);
    expect(screen.getByTestId('rooms-count')).toHaveTextContent('Showing 2 out of 3');
    expect(clear).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('Status'), 'In progress');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('A102');
    expect(screen.getByTestId('rooms-count')).toHaveTextContent('Showing 1 out of 3');

    await user.selectOptions(screen.getByLabelText('Floor'), 'Floor 2');
    expect(cards()).toHaveLength(0);
    const noMatch = screen.getByTestId('rooms-no-match');
    expect(within(noMatch).getByRole('link', { name: 'Create apartments' })).toHaveAttribute('href', '/room-generator');

    await user.click(within(noMatch).getByRole('button', { name: 'Clear filters' }));
    expect(cards()).toHaveLength(3);
    expect(screen.getByTestId('rooms-count')).toHaveTextContent('Showing 3 out of 3');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('offers the only floors present in the filter', async () => {
    setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const options = within(screen.getByLabelText('Floor'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All floors', 'Floor 1', 'Floor 2']);
  });

  it('uses room wording on a hotel project', async () => {
    setup(rooms, 'hotel');
    expect(await screen.findByRole('heading', { name: 'Room map' })).toBeInTheDocument();
    await waitFor(() => expect(cards()[0]).toHaveTextContent('Clean'));
    expect(screen.getByRole('button', { name: /Add room/ })).toBeInTheDocument();
  });

  it('with no units at all, links to the room generator and offers to add one', async () => {
    setup([]);
    const empty = await screen.findByTestId('rooms-empty');
    expect(within(empty).getByRole('link', { name: 'Create apartments' })).toHaveAttribute('href', '/room-generator');
    expect(within(empty).getByRole('button', { name: 'Add apartment' })).toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    setup(rooms, 'construction', {
      'GET /api/rooms': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: rooms }),
    });
    expect(await screen.findByText('Failed to fetch apartments')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('opens the details of a unit with its tasks of today', async () => {
    const { user } = setup(rooms, 'construction', {
      'GET /api/dashboard/room-details/r1': {
        body: detailsOf(a101, [
          {
            id: 't1',
            name: 'Plaster',
            description: 'Walls',
            isCompleted: true,
            completedAt: '2026-11-22T08:30:00.000Z',
            cleanerName: 'Yossi',
            photoUrl: '/objects/p1',
            notes: 'ok',
            requiresPhoto: true,
            estimatedMinutes: 30,
            review: { state: 'accepted', reason: null },
          },
          {
            id: 't2',
            name: 'Paint',
            description: null,
            isCompleted: false,
            completedAt: null,
            cleanerName: null,
            photoUrl: null,
            notes: null,
            requiresPhoto: true,
            estimatedMinutes: 20,
            review: { state: 'sent_back', reason: 'Stains on the north wall' },
          },
        ]),
      },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(cards()[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Apartment A101' });
    const tasks = await within(dialog).findAllByTestId('room-task');
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toHaveTextContent('Plaster');
    expect(tasks[0]).toHaveTextContent('About 30 min');
    expect(tasks[0]).toHaveTextContent('Yossi');
    const photo = within(tasks[0]).getByRole('link', { name: 'View photo' });
    expect(photo).toHaveAttribute('href', '/objects/p1');
    expect(photo).toHaveAttribute('target', '_blank');
    expect(photo.getAttribute('rel')).toContain('noopener');
    expect(tasks[0]).not.toHaveTextContent('Photo required');
    expect(tasks[1]).toHaveTextContent('Photo required');
    expect(within(dialog).getAllByTestId('task-count')[0]).toHaveTextContent('1/2');
    // The review state of each stage, in words (docs/decisions/029-quality-loop.md).
    expect(within(tasks[0]).getByTestId('review-state')).toHaveTextContent('Accepted');
    expect(within(tasks[1]).getByTestId('review-state')).toHaveTextContent('Sent back');
    expect(within(tasks[1]).getByTestId('review-reason')).toHaveTextContent('Reason: Stains on the north wall');
    expect(within(tasks[0]).queryByTestId('review-reason')).toBeNull();
  });

  it('shows a worker with an account the map and unit details without add, edit or delete', async () => {
    const { user } = setup(rooms, 'construction', {
      'GET /api/auth/user': { body: { ...userWith('construction'), role: 'cleaner', isOwner: false } },
      'GET /api/dashboard/room-details/r2': { body: detailsOf(a102) },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(cards()[1]);
    const details = await screen.findByRole('dialog', { name: 'Apartment A102' });
    await waitFor(() => expect(details).toHaveTextContent('No stages have been scheduled'));
    expect(within(details).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add apartment/ })).toBeNull();
  });

  it('deletes a unit only after the confirmation, then closes and reports it', async () => {
    let list = rooms;
    const { fetchMock, user } = setup(rooms, 'construction', {
      'GET /api/rooms': () => ({ body: list }),
      'GET /api/dashboard/room-details/r2': { body: detailsOf(a102) },
      'DELETE /api/rooms/r2': () => {
        list = [a101, b201];
        return { body: { message: 'Room deleted' } };
      },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(cards()[1]);
    const details = await screen.findByRole('dialog', { name: 'Apartment A102' });
    await user.click(within(details).getByRole('button', { name: 'Delete' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete apartment A102' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this apartment?');
    expect(confirm).toHaveTextContent('cannot be undone');
    expect(requestsTo(fetchMock, 'DELETE /api/rooms/r2')).toHaveLength(0);

    // Cancelling sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete apartment A102' })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'DELETE /api/rooms/r2')).toHaveLength(0);

    await user.click(within(screen.getByRole('dialog', { name: 'Apartment A102' })).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete apartment A102' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/rooms/r2')).toHaveLength(1));
    expect(await screen.findByText('Apartment deleted')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reports a failed delete in the words of its code and keeps the unit', async () => {
    const { fetchMock, user } = setup(rooms, 'construction', {
      'GET /api/dashboard/room-details/r2': { body: detailsOf(a102) },
      'DELETE /api/rooms/r2': { status: 404, body: { code: 'unit_not_found', message: 'Room not found' } },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(cards()[1]);
    await user.click(within(await screen.findByRole('dialog', { name: 'Apartment A102' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete apartment A102' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting apartment')).toBeInTheDocument();
    expect(screen.getByText(errors.unit_not_found)).toBeInTheDocument();
    expect(screen.queryByText('Room not found')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/rooms/r2')).toHaveLength(1);
    expect(cards()).toHaveLength(3);
  });

  it('refresh fetches the units and the totals again, with a busy button meanwhile', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const { fetchMock, user } = setup(rooms, 'construction', {
      'GET /api/rooms': () => {
        calls += 1;
        return { body: rooms };
      },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const before = requestsTo(fetchMock, 'GET /api/stats/rooms').length;
    const slow = new Promise<void>((r) => (release = r));
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args: Parameters<typeof fetch>) => {
      await slow;
      return original(...args);
    });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Refreshing…' })).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(calls).toBe(2);
    expect(requestsTo(fetchMock, 'GET /api/stats/rooms').length).toBe(before + 1);
  });

  it('has no serious accessibility violations on the map, in the details and in the form (Hebrew, RTL)', async () => {
    mockFetch({
      'GET /api/auth/user': { body: userWith('construction') },
      'GET /api/rooms': { body: rooms },
      'GET /api/stats/rooms': { body: statsOf(rooms) },
      'GET /api/dashboard/room-details/r1': { body: detailsOf(a101) },
    });
    const user = userEvent.setup();
    renderWithProviders(<RoomMapPage />, { language: 'he' });
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(await seriousViolations()).toEqual([]);
    await user.click(cards()[0]);
    const details = await screen.findByRole('dialog', { name: 'דירה A101' });
    await within(details).findByText('לא תוזמנו שלבים לדירה זו.');
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(details).getByRole('button', { name: 'עריכה' }));
    await screen.findByRole('dialog', { name: 'עריכת דירה A101' });
    expect(await seriousViolations()).toEqual([]);
  });
});
