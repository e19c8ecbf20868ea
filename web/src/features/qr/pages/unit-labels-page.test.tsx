import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '#contract/rooms.ts';
import { facility, room, userWith } from '#web/test/fixtures.ts';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';
import UnitLabelsPage from './unit-labels-page.tsx';

/** A unit with a predictable id (the label's QR encodes it). */
const unit = (number: string, i: number) => room({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, number, floor: null });

/** The medium quick template: A101–A150, B201–B250, C301–C320 (120 units), shuffled by the server. */
const mediumProject = [
  ...Array.from({ length: 50 }, (_, i) => `B${201 + i}`),
  ...Array.from({ length: 50 }, (_, i) => `A${101 + i}`),
  ...Array.from({ length: 20 }, (_, i) => `C${301 + i}`),
].map(unit);

function renderPage(rooms: Room[] = mediumProject, overrides: Record<string, { status?: number; body?: unknown }> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: userWith(facility.facilityType) },
    'GET /api/user/facility': { body: facility },
    'GET /api/rooms': { body: rooms },
    ...overrides,
  });
  renderWithProviders(<UnitLabelsPage />);
  return fetchMock;
}

const labelNumbers = () => screen.queryAllByTestId('unit-label').map((l) => l.querySelector('[dir="auto"]')!.textContent);
const pageSizes = () => screen.queryAllByTestId('label-page').map((p) => within(p).queryAllByTestId('unit-label').length);

afterEach(() => vi.unstubAllGlobals());

describe('Unit labels page', () => {
  it('lays every unit out on A4 sheets of 21 (3 × 7) in map order', async () => {
    renderPage();
    await screen.findByTestId('label-sheet');
    expect(pageSizes()).toEqual([21, 21, 21, 21, 21, 15]); // 120 labels → ceil(120 / 21) = 6 pages
    expect(labelNumbers().slice(0, 3)).toEqual(['A101', 'A102', 'A103']);
    expect(screen.getByTestId('label-summary')).toHaveTextContent('Labels: 120 · A4 pages: 6');

    const page = screen.getAllByTestId('label-page')[0];
    expect(page.style.width).toBe('210mm');
    expect(page.style.gridTemplateColumns).toBe('repeat(3, 63.5mm)');
    expect(page.style.gridAutoRows).toBe('38.1mm');
    expect(page.style.paddingTop).toBe('15.15mm');
    expect(page.style.columnGap).toBe('2.5mm');
    expect(screen.getAllByTestId('unit-label')[0].style.height).toBe('38.1mm');
  });

  it('selects the units of a floor prefix, typed or tapped', async () => {
    renderPage();
    await screen.findByTestId('label-sheet');
    fireEvent.click(screen.getByLabelText('By floor prefix'));
    // Nothing typed yet: nothing to print, rather than the whole project.
    expect(screen.queryAllByTestId('unit-label')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Floor prefix'), { target: { value: 'b' } });
    expect(screen.getAllByTestId('unit-label')).toHaveLength(50);
    expect(labelNumbers().every((n) => n!.startsWith('B'))).toBe(true);
    expect(pageSizes()).toEqual([21, 21, 8]);
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeEnabled();

    const chips = within(screen.getByRole('group', { name: 'Prefixes in this project' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['A', 'B', 'C']);
    expect(chips.getByRole('button', { name: 'B' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(chips.getByRole('button', { name: 'C' }));
    expect(screen.getAllByTestId('unit-label')).toHaveLength(20);
    expect(screen.getByTestId('label-summary')).toHaveTextContent('Labels: 20 · A4 pages: 1');
  });

  it('prints only the picked units', async () => {
    renderPage();
    await screen.findByTestId('label-sheet');
    fireEvent.click(screen.getByLabelText('Pick apartments'));
    expect(screen.queryAllByTestId('unit-label')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('C305'));
    fireEvent.click(screen.getByLabelText('A110'));
    expect(labelNumbers()).toEqual(['A110', 'C305']);

    fireEvent.change(screen.getByLabelText('Search apartments'), { target: { value: 'B21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(screen.getAllByTestId('unit-label')).toHaveLength(2 + 10);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryAllByTestId('unit-label')).toHaveLength(0);
  });

  it('puts one label on each page when asked', async () => {
    renderPage(mediumProject.slice(0, 5));
    await screen.findByTestId('label-sheet');
    fireEvent.click(screen.getByLabelText('One label per A4 page'));
    expect(pageSizes()).toEqual([1, 1, 1, 1, 1]);
  });

  it('gives every label a QR image with an alt text naming the unit', async () => {
    renderPage(mediumProject.slice(0, 2));
    await screen.findByTestId('label-sheet');
    expect(screen.getByRole('img', { name: 'QR code of apartment B201' })).toBeInTheDocument();
  });

  it('says so when the project has no units yet', async () => {
    renderPage([]);
    expect(await screen.findByText('There are no apartments in this project yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create apartments' })).toHaveAttribute('href', '/room-generator');
  });

  it('shows "Failed to fetch apartments" with a retry', async () => {
    const fetchMock = renderPage(mediumProject, { 'GET /api/rooms': { status: 500, body: { message: 'boom' } } });
    expect(await screen.findByText('Failed to fetch apartments')).toBeInTheDocument();
    fetchMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });

  it('uses room wording for a hotel', async () => {
    renderPage([], {
      'GET /api/auth/user': { body: userWith('hotel') },
      'GET /api/user/facility': { body: { ...facility, facilityType: 'hotel' } },
    });
    expect(await screen.findByRole('heading', { name: 'Room labels' })).toBeInTheDocument();
  });
});
