import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ScheduledTasksPage } from '#contract/schedules.ts';
import EmployeePerformancePage from '#web/features/insight/pages/employee-performance-page.tsx';
import MeasurementsTablePage from '#web/features/reports/pages/measurements-table-page.tsx';
import ShortagesTablePage from '#web/features/reports/pages/shortages-table-page.tsx';
import WorkTrackingPage from '#web/features/work-tracking/pages/work-tracking-page.tsx';
import { userWith } from '#web/test/fixtures.ts';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';
import { exportHref, exportLang } from './export-buttons.tsx';

/** The export links of the list screens (docs/product.md "Exports"): the screen's filters, a format and a language. */
const hrefOf = (format: 'xlsx' | 'csv') => screen.getByTestId(`export-${format}`).getAttribute('href');

describe('exportHref', () => {
  it('leaves out empty and "all" filters and adds the format and the language', () => {
    expect(exportHref('/api/shortages/export', { search: ' tiles ', status: 'all', x: undefined }, 'csv', 'he')).toBe(
      '/api/shortages/export?search=tiles&format=csv&lang=he',
    );
    expect(exportLang('ar')).toBe('ar');
    expect(exportLang('fr')).toBe('he');
  });
});

describe('export links on the list screens', () => {
  it('shortages: carries the search and the status the table shows, in the screen’s language', async () => {
    mockFetch({ 'GET /api/auth/user': { body: userWith('construction') }, 'GET /api/shortages': { body: [] } });
    const ue = userEvent.setup();
    renderWithProviders(<ShortagesTablePage />);
    const xlsx = await screen.findByRole('link', { name: 'Excel (.xlsx)' });
    expect(xlsx).toHaveAttribute('download');
    expect(xlsx.className).toContain('min-h-11');
    expect(hrefOf('xlsx')).toBe('/api/shortages/export?format=xlsx&lang=en');
    await ue.type(screen.getByLabelText('Search'), 'tile A1');
    await ue.selectOptions(screen.getByLabelText('Status'), 'In progress');
    await waitFor(() => expect(hrefOf('csv')).toBe('/api/shortages/export?search=tile+A1&status=in_progress&format=csv&lang=en'));
    expect(screen.getByRole('group', { name: 'Export' })).toBeInTheDocument();
  });

  it('measurements: its own endpoint, Hebrew words and lang=he', async () => {
    mockFetch({ 'GET /api/auth/user': { body: userWith('construction') }, 'GET /api/measurements': { body: [] } });
    renderWithProviders(<MeasurementsTablePage />, { language: 'he' });
    await screen.findByRole('group', { name: 'ייצוא' });
    expect(hrefOf('xlsx')).toBe('/api/measurements/export?format=xlsx&lang=he');
  });

  for (const language of ['he', 'ar'] as const) {
    it(`isolates "Excel (.xlsx)" left to right in ${language}, so the brackets and the dot keep their places`, async () => {
      mockFetch({ 'GET /api/auth/user': { body: userWith('construction') }, 'GET /api/measurements': { body: [] } });
      renderWithProviders(<MeasurementsTablePage />, { language });
      await screen.findByTestId('export-xlsx');
      const label = screen.getByTestId('export-xlsx').querySelector('bdi');
      expect(label).toHaveAttribute('dir', 'ltr');
      expect(label?.textContent).toBe('Excel (.xlsx)');
    });
  }

  it('work tracking: the URL’s search, status and project type, without the page', async () => {
    const empty: ScheduledTasksPage = {
      items: [],
      total: 0,
      page: 1,
      pageSize: 50,
      counts: { all: 0, pending: 0, in_progress: 0, completed: 0 },
    };
    mockFetch({ 'GET /api/auth/user': { body: userWith('construction') }, 'GET /api/scheduled-tasks': { body: empty } });
    renderWithProviders(<WorkTrackingPage />, { path: '/work-tracking', url: '/work-tracking?q=A1&status=completed&type=hotel&page=3' });
    await screen.findByRole('link', { name: 'CSV' });
    expect(hrefOf('csv')).toBe('/api/scheduled-tasks/export?search=A1&status=completed&projectType=hotel&format=csv&lang=en');
  });

  it('employee performance: the chosen period', async () => {
    mockFetch({
      'GET /api/auth/user': { body: userWith('construction') },
      'GET /api/employee-performance': { body: { employees: [] } },
      'GET /api/kpi-metrics': {
        body: { totalCompleted: 0, totalTasks: 0, completionRate: 0, avgTime: 0, avgRating: 0, efficiency: 0, trend: 'stable' },
      },
    });
    renderWithProviders(<EmployeePerformancePage />, { path: '/employee-performance', url: '/employee-performance?range=week' });
    await screen.findByRole('link', { name: 'Excel (.xlsx)' });
    expect(hrefOf('xlsx')).toBe('/api/employee-performance/export?range=week&format=xlsx&lang=en');
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(hrefOf('csv')).toBe('/api/employee-performance/export?range=month&format=csv&lang=en'));
  });
});
