import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '#contract/rooms.ts';
import { mockFetch, notSignedIn, renderWithProviders } from '#web/test/render.tsx';
import { emptyFilter } from '../lib/unit-filter.ts';
import { BULK_PAGE_SIZE, BulkUnitPicker } from './bulk-unit-picker.tsx';

const unit = (i: number): Room => ({
  id: `u${i}`,
  number: String(100 + i),
  type: i % 2 ? 'apartment' : 'studio',
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
const units = Array.from({ length: 130 }, (_, i) => unit(i));

function Harness() {
  const [filter, setFilter] = useState(emptyFilter);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return <BulkUnitPicker units={units} filter={filter} onFilterChange={setFilter} selected={selected} onSelectedChange={setSelected} />;
}

afterEach(() => vi.unstubAllGlobals());

describe('BulkUnitPicker', () => {
  it('renders one page of checkboxes at a time while "select all" takes every matching unit', async () => {
    const u = userEvent.setup();
    mockFetch({ 'GET /api/auth/user': notSignedIn }); // the wording hook asks for the project type
    renderWithProviders(<Harness />);
    const list = () => screen.getByRole('list', { name: 'Matching apartments' });
    expect(within(list()).getAllByRole('checkbox')).toHaveLength(BULK_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Select all 130 matching' }));
    expect(screen.getByText('130 selected', { exact: false })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Next' }));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(list()).getAllByRole('checkbox')).toHaveLength(130 - 2 * BULK_PAGE_SIZE);

    // Narrowing the filter keeps the selection and says how much of it is hidden.
    await u.selectOptions(screen.getByLabelText('Apartment type'), 'studio');
    expect(screen.getByText('65 of 130 apartments match')).toBeInTheDocument();
    expect(screen.getByText('65 of the selected apartments are outside the current filter')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await u.click(within(list()).getAllByRole('checkbox')[0]);
    expect(screen.getByText('129 selected', { exact: false })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('0 selected', { exact: false })).toBeInTheDocument();
  });
});
