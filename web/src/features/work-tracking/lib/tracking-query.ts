import { PROJECT_TYPES } from '#contract/project-types.ts';
import { SCHEDULED_TASK_STATUSES } from '#contract/schedules.ts';

export const TRACKING_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 300;

export const STATUS_FILTERS = ['all', ...SCHEDULED_TASK_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const PROJECT_TYPE_FILTERS = ['all', ...PROJECT_TYPES] as const;

/** The screen's state as kept in the URL: ?q=&status=&type=&page= (defaults are left out). */
export interface TrackingFilters {
  search: string;
  status: StatusFilter;
  projectType: string;
  page: number;
}

export function readFilters(params: URLSearchParams): TrackingFilters {
  const status = params.get('status') ?? 'all';
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    status: (STATUS_FILTERS as readonly string[]).includes(status) ? (status as StatusFilter) : 'all',
    projectType: params.get('type') || 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeFilters(f: TrackingFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('q', f.search.trim());
  if (f.status !== 'all') p.set('status', f.status);
  if (f.projectType !== 'all') p.set('type', f.projectType);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** GET /api/scheduled-tasks query string (contract scheduledTasksQuery): defaults omitted, page size always sent. */
export function scheduledTasksSearch(f: TrackingFilters, pageSize = TRACKING_PAGE_SIZE): string {
  const p = new URLSearchParams();
  const search = f.search.trim().slice(0, 100);
  if (search) p.set('search', search);
  if (f.status !== 'all') p.set('status', f.status);
  if (f.projectType !== 'all') p.set('projectType', f.projectType);
  p.set('page', String(f.page));
  p.set('pageSize', String(pageSize));
  return p.toString();
}
