import { UNIT_STATUSES, type UnitStatus } from '#contract/constants.ts';

/** Unknown values fall back to needs_cleaning (docs/product.md "Unit status"). */
export const normalizeStatus = (status: string): UnitStatus =>
  (UNIT_STATUSES as readonly string[]).includes(status) ? (status as UnitStatus) : 'needs_cleaning';

/** docs/product.md "Unit status": clean green, in progress yellow, needs cleaning red; inactive neutral. */
export const STATUS_DOT_CLASS: Record<UnitStatus, string> = {
  clean: 'bg-emerald-600',
  in_progress: 'bg-amber-500',
  needs_cleaning: 'bg-red-600',
  inactive: 'bg-slate-500',
};
/** Accent on the card's leading edge (logical border: right in RTL). */
export const STATUS_EDGE_CLASS: Record<UnitStatus, string> = {
  clean: 'border-s-emerald-600',
  in_progress: 'border-s-amber-500',
  needs_cleaning: 'border-s-red-600',
  inactive: 'border-s-slate-400',
};
export const statusLabelKey = (status: string) => `status.${normalizeStatus(status)}`;

/** docs/product.md "Unit map": green when every task of today is done, yellow when some, red when none; neutral without tasks. */
export type TaskTone = 'all' | 'some' | 'none' | 'empty';
export function taskTone(completed: number, total: number): TaskTone {
  if (total <= 0) return 'empty';
  if (completed >= total) return 'all';
  return completed > 0 ? 'some' : 'none';
}
export const TASK_TONE_CLASS: Record<TaskTone, string> = {
  all: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  some: 'bg-amber-100 text-amber-900 border-amber-300',
  none: 'bg-red-100 text-red-900 border-red-300',
  empty: 'bg-slate-100 text-slate-700 border-slate-300',
};

/** Date and time in the reader's language (the browser's time zone). */
/** Times are shown in the project's time zone (where the site is), not the browser's. */
export function formatDateTime(iso: string, lng: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(d);
}
