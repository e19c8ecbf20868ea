import type { Measurement, MeasurementInput, ReportStatus, Shortage, ShortageInput } from '#contract/reports.ts';

/**
 * The two report tables (docs/product.md "Shortages and measurements") are one screen with two
 * configurations: the API path, and the key group of their texts in the reports namespace.
 */
export type ReportKind = 'shortages' | 'measurements';

/** A row of either table: measurements add their dimensions (mm). */
export type Report = Shortage & Partial<Pick<Measurement, 'height' | 'width' | 'thickness'>>;
export type ReportInput = ShortageInput | MeasurementInput;

export const reportPath = (kind: ReportKind) => `/api/${kind}` as const;
export const hasDimensions = (kind: ReportKind) => kind === 'measurements';

export type StatusFilter = 'all' | ReportStatus;
export interface ReportFilters {
  search: string;
  status: StatusFilter;
}

/** The list's query string: empty search and "all" are left out. */
export function reportListSearch(filters: ReportFilters): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.status !== 'all') params.set('status', filters.status);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export const SEARCH_DEBOUNCE_MS = 300;
