import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProgressCell, ProgressMatrix } from '#contract/progress-matrix.ts';
import { mockFetch, renderWithProviders, type MockResponse } from '#web/test/render.tsx';
import ProgressMatrixPage from './progress-matrix-page.tsx';

const done = (workerName: string | null, completedAt = '2026-03-01T08:00:00Z'): ProgressCell => ({
  state: 'done',
  completedAt,
  workerName,
  review: null,
});
const open: ProgressCell = { state: 'open', completedAt: null, workerName: null, review: null };
const none: ProgressCell = { state: 'none', completedAt: null, workerName: null, review: null };

const matrix: ProgressMatrix = {
  stages: [
    { name: 'Framing', sortOrder: 1 },
    { name: 'Plumbing', sortOrder: 2 },
    { name: 'Paint', sortOrder: 3 },
  ],
  units: [
    { id: 'u1', number: 'A1', floor: 1, cells: [done('Yossi'), done(null), open] },
    { id: 'u2', number: 'A2', floor: 1, cells: [open, none, none] },
    { id: 'u3', number: 'B1', floor: 2, cells: [done('Olena'), open, open] },
    { id: 'u4', number: 'Lobby', floor: null, cells: [none, none, none] },
  ],
};

/** The names inside a cell's words are isolated (FSI … PDI); compare without the marks. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2068\u2069]/g, '');

function setup(answer: MockResponse) {
  const fetchMock = mockFetch({
    'GET /api/auth/user': {
      body: { id: 'u1', facilityType: 'construction', projectId: 'p1', projectStatus: 'active', role: 'manager', timezone: 'UTC' },
    },
    'GET /api/progress-matrix': answer,
  });
  renderWithProviders(<ProgressMatrixPage />, { path: '/progress-matrix' });
  return fetchMock;
}

const unitRows = () => screen.getAllByTestId('progress-row');
const rowOf = (number: string) => unitRows().find((r) => within(r).queryByRole('rowheader', { name: number }))!;

describe('ProgressMatrixPage', () => {
  it('renders units grouped by floor, stages as columns, each cell state, and the counts', async () => {
    setup({ body: matrix });
    const table = await screen.findByRole('table', { name: 'Progress of the apartments by stage' });
    const headers = within(table.querySelector('thead')!)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Apartment', 'Framing', 'Plumbing', 'Paint', 'Done']);
    // Floor headers, in the server's order, the units without a floor last.
    expect(
      within(table.querySelector('tbody')!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Floor 1', 'Floor 2', 'No floor']);
    expect(unitRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['A1', 'A2', 'B1', 'Lobby']);

    const a1 = rowOf('A1');
    const cells = within(a1).getAllByRole('button');
    expect(cells.map((c) => c.dataset.state)).toEqual(['done', 'done', 'open']);
    expect(cells[0]).toHaveTextContent('✓');
    expect(plain(cells[0].getAttribute('title'))).toMatch(/^A1, Framing: done on .+ by Yossi$/);
    expect(plain(cells[1].getAttribute('aria-label'))).toMatch(/^A1, Plumbing: done on [^b]+$/);
    expect(plain(cells[2].getAttribute('aria-label'))).toBe('A1, Paint: not done yet');
    const lobbyCells = within(rowOf('Lobby')).getAllByRole('img');
    expect(lobbyCells.map((c) => c.textContent)).toEqual(['—', '—', '—']);
    expect(plain(lobbyCells[0].getAttribute('aria-label'))).toBe('Lobby, Framing: not scheduled');

    // Per row: done of scheduled; per column: done of the units that have the stage.
    expect(unitRows().map((r) => within(r).getByTestId('row-count').textContent)).toEqual(['2/3', '0/1', '1/3', '0/0']);
    expect(screen.getAllByTestId('column-count').map((c) => c.textContent)).toEqual(['2/3', '1/2', '0/2']);
    expect(screen.getByText('Apartments: 4 · Stages: 3')).toBeInTheDocument();
  });

  it('shows a done cell’s worker on tap', async () => {
    setup({ body: matrix });
    await screen.findByRole('table');
    await userEvent.click(within(rowOf('B1')).getAllByRole('button')[0]);
    expect(plain(screen.getByTestId('cell-details').textContent)).toMatch(/^B1, Framing: done on .+ by Olena$/);
  });

  it('marks each cell with its review state, the words and a sending back’s reason in its label', async () => {
    const reviewed: ProgressMatrix = {
      stages: matrix.stages,
      units: [
        {
          id: 'u1',
          number: 'A1',
          floor: 1,
          cells: [
            { ...done('Yossi'), review: { state: 'accepted', reason: null } },
            { ...done(null), review: { state: 'awaiting', reason: null } },
            { ...open, review: { state: 'sent_back', reason: 'Pipes leak' } },
          ],
        },
      ],
    };
    setup({ body: reviewed });
    await screen.findByRole('table');
    const cells = within(rowOf('A1')).getAllByRole('button');
    expect(cells.map((c) => c.querySelector('[data-testid="review-mark"]')?.getAttribute('data-review'))).toEqual([
      'accepted',
      'awaiting',
      'sent_back',
    ]);
    expect(plain(cells[0].getAttribute('aria-label'))).toMatch(/^A1, Framing: done on .+ by Yossi — Accepted$/);
    expect(plain(cells[1].getAttribute('title'))).toMatch(/ — Awaiting review$/);
    expect(plain(cells[2].getAttribute('aria-label'))).toBe('A1, Paint: not done yet — Sent back: Pipes leak');
    // The legend explains the marks in words.
    expect(screen.getAllByTestId('legend-review').map((e) => e.textContent)).toEqual(['…Awaiting review', '✓Accepted', '↩Sent back']);
  });

  it('filters by floor and by label prefix, recounting the columns', async () => {
    setup({ body: matrix });
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Floor'), 'Floor 2');
    expect(unitRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['B1']);
    expect(screen.getAllByTestId('column-count').map((c) => c.textContent)).toEqual(['1/1', '0/1', '0/1']);
    expect(screen.queryByRole('columnheader', { name: 'Floor 1' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Floor'), 'All floors');
    await userEvent.type(screen.getByLabelText('Apartment number starts with'), 'a');
    expect(unitRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['A1', 'A2']);
    expect(screen.getAllByTestId('column-count').map((c) => c.textContent)).toEqual(['1/2', '1/1', '0/1']);

    await userEvent.type(screen.getByLabelText('Apartment number starts with'), 'z');
    expect(screen.getByText('No apartments match the filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(unitRows()).toHaveLength(4);
  });

  it('renders only the rows in view of 2,000 units, and the next ones on scroll', async () => {
    const stages = Array.from({ length: 7 }, (_, i) => ({ name: `Stage ${i + 1}`, sortOrder: i + 1 }));
    const units = Array.from({ length: 2000 }, (_, i) => ({
      id: `u${i}`,
      number: `U${i + 1}`,
      floor: Math.floor(i / 100),
      cells: stages.map((_, k) => (k < i % 8 ? done('Crew') : open)),
    }));
    setup({ body: { stages, units } });
    await screen.findByRole('table');
    expect(unitRows().length).toBeLessThan(60);
    expect(within(unitRows()[0]).getByRole('rowheader')).toHaveTextContent('U1');
    const scroller = screen.getByTestId('progress-scroller');
    scroller.scrollTop = 44 * 1500;
    fireEvent.scroll(scroller);
    expect(unitRows().length).toBeLessThan(60);
    expect(screen.getByRole('rowheader', { name: 'U1495' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'U1' })).not.toBeInTheDocument();
    // The counts cover every unit, not only the rendered ones.
    expect(screen.getAllByTestId('column-count')[0].textContent).toBe('1750/2000');
  });

  it('says when the project has no units, and when no stage is scheduled', async () => {
    setup({ body: { stages: [], units: [] } });
    expect(await screen.findByText('There are no apartments in the project yet.')).toBeInTheDocument();
  });

  it('says when no stage is scheduled, with a link to scheduling for a manager', async () => {
    setup({ body: { stages: [], units: [{ id: 'u1', number: 'A1', floor: 1, cells: [] }] } });
    expect(await screen.findByText(/No construction stages have been scheduled/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule tasks' })).toHaveAttribute('href', '/task-scheduling');
  });

  it('shows an error with a retry', async () => {
    setup({ status: 500, body: { message: 'boom' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the progress matrix.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
