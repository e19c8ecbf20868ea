import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CleaningStats, EmployeePerformance, KpiMetrics } from '#contract/insight.ts';
import type { Mock } from 'vitest';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';

/** The addresses the page asked for under a path, in order. */
const urlsOf = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input).replace(/^https?:\/\/[^/]+/, '')).filter((u) => u.startsWith(path));
import EmployeePerformancePage from './employee-performance-page.tsx';
import StatisticsPage from './statistics-page.tsx';

const user = { id: 'u1', facilityType: 'construction', projectId: 'p1', projectStatus: 'active', role: 'manager', timezone: 'UTC' };
const units = { totalRooms: 40, clean: 10, inProgress: 5, needsCleaning: 23, inactive: 2, total: 40 };
const stats = (days: number): CleaningStats => ({
  from: '2026-03-10',
  to: '2026-03-10',
  totalTasks: 120,
  completedTasks: 90,
  averageTasksPerRoom: 3.5,
  topCleaners: [
    { cleanerName: 'דנה', completionRate: 60, taskCount: 50 },
    { cleanerName: 'Yossi', completionRate: 40, taskCount: 40 },
  ],
  previous: { totalTasks: 100, completedTasks: 60 },
  perDay: Array.from({ length: days }, (_, i) => ({ date: `2026-03-${String(10 - days + 1 + i).padStart(2, '0')}`, completed: i })),
  floors: [
    { floor: 1, units: 20, doneUnits: 5, stages: 140, doneStages: 70 },
    { floor: null, units: 2, doneUnits: 0, stages: 0, doneStages: 0 },
  ],
  firstTimeQuality: 75,
  reviewedStages: 4,
  sentBack: [
    { taskName: 'Tiling', sentBack: 3 },
    { taskName: 'Plaster', sentBack: 1 },
  ],
});

describe('StatisticsPage', () => {
  it('shows the counters and the spec figures, and changes the period from the address', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': { body: user },
      'GET /api/stats/rooms': { body: units },
      'GET /api/stats/cleaning': ({ url }) => ({ body: stats(Number(new URL(url, 'http://x').searchParams.get('days'))) }),
    });
    renderWithProviders(<StatisticsPage />, { path: '/statistics' });
    expect(await screen.findByTestId('counter-total')).toHaveTextContent('40');
    expect(screen.getByTestId('counter-clean')).toHaveTextContent('10');
    // 90 of 120 = 75%, 10 of 40 done = 25%: efficiency 50; 3.5 × 8 = 28 min; 40 − 2 inactive.
    expect(screen.getByRole('progressbar', { name: 'Stages done in the period' })).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByTestId('efficiency')).toHaveTextContent('50%');
    expect(screen.getByTestId('session-time')).toHaveTextContent('28 min');
    expect(screen.getByTestId('active-units')).toHaveTextContent('38');
    expect(screen.getByText('+50% against the previous period')).toBeInTheDocument();
    const top = within(screen.getByTestId('top-workers')).getAllByRole('listitem');
    expect(top[0]).toHaveTextContent('1דנהStages: 5060%');
    expect(within(top[0]).getByText('דנה').tagName).toBe('BDI');
    // One day: no chart. Seven: one bar per day.
    expect(screen.queryByTestId('per-day-chart')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByTestId('per-day-chart')).toBeInTheDocument();
    expect(within(screen.getByTestId('per-day-chart')).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(urlsOf(fetchMock, '/api/stats/cleaning')).toEqual(['/api/stats/cleaning?days=1', '/api/stats/cleaning?days=7']);
    // Review results: first-time quality with its sample, and which stage names came back most.
    expect(screen.getByTestId('first-time-quality')).toHaveTextContent('75%');
    expect(screen.getByText('Accepted at the first review, of 4 stages last reviewed in the period')).toBeInTheDocument();
    const sentBack = within(screen.getByTestId('sent-back')).getAllByRole('listitem');
    expect(sentBack.map((li) => li.textContent)).toEqual(['TilingSent back: 3', 'PlasterSent back: 1']);
    expect(within(sentBack[0]).getByText('Tiling').tagName).toBe('BDI');
    expect(screen.getByRole('rowheader', { name: 'Floor 1' }).closest('tr')).toHaveTextContent('5 of 20');
    // The summary downloads for the period on screen.
    expect(screen.getByTestId('export-xlsx')).toHaveAttribute('href', '/api/stats/cleaning/export?days=7&format=xlsx&lang=en');
  });

  it('says when nobody worked in the period', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user },
      'GET /api/stats/rooms': { body: units },
      'GET /api/stats/cleaning': { body: { ...stats(1), topCleaners: [] } },
    });
    renderWithProviders(<StatisticsPage />, { path: '/statistics' });
    expect(await screen.findByText('No worker completed a stage in this period.')).toBeInTheDocument();
    expect(screen.queryByTestId('top-workers')).toBeNull();
  });

  it('says when nothing was reviewed or sent back in the period', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user },
      'GET /api/stats/rooms': { body: units },
      'GET /api/stats/cleaning': { body: { ...stats(1), firstTimeQuality: null, reviewedStages: 0, sentBack: [] } },
    });
    renderWithProviders(<StatisticsPage />, { path: '/statistics' });
    expect(await screen.findByTestId('first-time-quality')).toHaveTextContent('No reviews yet');
    expect(screen.queryByText(/Accepted at the first review/)).toBeNull();
    expect(screen.getByText('No stage was sent back in this period.')).toBeInTheDocument();
    expect(screen.queryByTestId('sent-back')).toBeNull();
  });

  it('offers a retry when loading fails', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user },
      'GET /api/stats/rooms': { body: units },
      'GET /api/stats/cleaning': { status: 500, body: { code: 'internal', message: 'boom' } },
    });
    renderWithProviders(<StatisticsPage />, { path: '/statistics' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the statistics');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

const employees: EmployeePerformance = {
  employees: [
    { id: 'dana', rank: 1, name: 'Dana', tasksCompleted: 30, roomsCleaned: 6, rating: 4.2, efficiency: 92, trend: 'up' },
    { id: 'yossi', rank: 2, name: 'Yossi', tasksCompleted: 20, roomsCleaned: 5, rating: 3.1, efficiency: 75, trend: 'stable' },
    { id: 'olena', rank: 3, name: 'Olena', tasksCompleted: 10, roomsCleaned: 2, rating: 2.5, efficiency: 60, trend: 'down' },
    { id: 'amir', rank: 4, name: 'Amir', tasksCompleted: 1, roomsCleaned: 1, rating: 3.5, efficiency: 100, trend: 'up' },
  ],
};
const kpi: KpiMetrics = {
  totalCompleted: 61,
  totalTasks: 100,
  completionRate: 61,
  avgTime: 24.5,
  avgRating: 3.3,
  efficiency: 81,
  trend: 'down',
};

describe('EmployeePerformancePage', () => {
  it('shows the KPIs, the top employee and the ranked table with medals, stars, colours and trends', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': { body: user },
      'GET /api/employee-performance': { body: employees },
      'GET /api/kpi-metrics': { body: kpi },
    });
    renderWithProviders(<EmployeePerformancePage />, { path: '/employee-performance' });
    const table = await screen.findByTestId('performance-table');
    expect(screen.getByTestId('kpi-completed')).toHaveTextContent('61');
    expect(screen.getByText('of 100 open (61%)')).toBeInTheDocument();
    expect(screen.getByTestId('kpi-time')).toHaveTextContent('24.5 min');
    expect(screen.getByTestId('kpi-trend')).toHaveTextContent('Down');
    expect(screen.getByRole('region', { name: 'Top employee' })).toHaveTextContent('Dana');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Dana', 'Yossi', 'Olena', 'Amir']);
    expect(rows[0]).toHaveTextContent('🥇');
    expect(rows[2]).toHaveTextContent('🥉');
    expect(rows[3]).not.toHaveTextContent('🥉');
    expect(within(rows[0]).getByText('4.2 of 5')).toBeInTheDocument();
    expect(within(rows[0]).getByText('92%').className).toContain('green');
    expect(within(rows[1]).getByText('75%').className).toContain('amber');
    expect(within(rows[2]).getByText('60%').className).toContain('red');
    expect(rows[2]).toHaveTextContent('Down');
    // How it is computed, one tap away.
    await userEvent.click(screen.getByText('How is this computed?'));
    expect(screen.getByText(/shrunk|weighed as if the worker had 5 more stages/)).toBeVisible();
    expect(screen.getByText(/a stage the manager sent back counts in the rating as a stage that scored 0/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    await screen.findByRole('button', { name: 'Month', pressed: true });
    expect(urlsOf(fetchMock, '/api/kpi-metrics')).toContain('/api/kpi-metrics?range=month');
  });

  it('has an empty state for a period without work', async () => {
    mockFetch({
      'GET /api/auth/user': { body: user },
      'GET /api/employee-performance': { body: { employees: [] } },
      'GET /api/kpi-metrics': { body: { ...kpi, totalCompleted: 0, trend: 'stable' } },
    });
    renderWithProviders(<EmployeePerformancePage />, { path: '/employee-performance' });
    expect(await screen.findByText('No stage has been completed today yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('performance-table')).toBeNull();
  });
});
