import { REVIEW_STATUSES, type ReviewStatus } from '#contract/reviews.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';

/** The review queue's tabs: waiting (with its count), sent back, accepted. */
export function ReviewStatusTabs(p: { status: ReviewStatus; pendingCount?: number; onChange: (status: ReviewStatus) => void }) {
  const { t } = useTranslation('review');
  return (
    <div role="group" aria-label={t('status.label')} className="flex flex-wrap gap-2">
      {REVIEW_STATUSES.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={p.status === s}
          onClick={() => p.onChange(s)}
          className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium ${
            p.status === s ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
          }`}
        >
          {t(`status.${s}`)}
          {s === 'pending' && p.pendingCount !== undefined && (
            <span className={`rounded-full px-2 text-xs ${p.status === s ? 'bg-white/20' : 'bg-slate-100'}`} data-testid="pending-count">
              {p.pendingCount}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

export interface TypedReviewFilters {
  floor: string;
  taskName: string;
  worker: string;
}

export const isFiltered = (f: TypedReviewFilters) => f.floor !== '' || f.taskName !== '' || f.worker !== '';

/** Floor, stage and worker, as typed (the page debounces what reaches the server). */
export function ReviewFilterBar(p: { value: TypedReviewFilters; stageNames: string[]; onChange: (value: TypedReviewFilters) => void }) {
  const { t } = useTranslation('review');
  const { floor, taskName, worker } = p.value;
  const set = (change: Partial<TypedReviewFilters>) => p.onChange({ ...p.value, ...change });
  return (
    <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_2fr_2fr_auto] sm:items-end">
      <TextField
        label={t('filters.floor')}
        type="text"
        inputMode="numeric"
        value={floor}
        autoComplete="off"
        onChange={(e) => set({ floor: e.target.value.replace(/[^\d-]/g, '') })}
      />
      <SelectField label={t('filters.stage')} value={taskName} onChange={(e) => set({ taskName: e.target.value })}>
        <option value="">{t('filters.allStages')}</option>
        {taskName && !p.stageNames.includes(taskName) && <option value={taskName}>{taskName}</option>}
        {p.stageNames.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('filters.worker')}
        type="search"
        value={worker}
        autoComplete="off"
        onChange={(e) => set({ worker: e.target.value })}
      />
      <Button variant="secondary" onClick={() => p.onChange({ floor: '', taskName: '', worker: '' })} disabled={!isFiltered(p.value)}>
        {t('filters.clear')}
      </Button>
    </div>
  );
}

/** Above the list of stages waiting: select all, and accept the selection in one go. */
export function ReviewSelectionBar(p: {
  allChosen: boolean;
  chosen: number;
  busy: boolean;
  accepting: boolean;
  onSelectAll: (on: boolean) => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation('review');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 px-2 text-sm font-medium">
        <input type="checkbox" className="h-5 w-5" checked={p.allChosen} onChange={(e) => p.onSelectAll(e.target.checked)} />
        {t('list.selectAll')}
      </label>
      <Button onClick={p.onAccept} disabled={p.busy || p.chosen === 0} aria-busy={p.accepting || undefined}>
        {p.accepting ? t('list.accepting') : t('list.acceptSelected', { count: p.chosen })}
      </Button>
    </div>
  );
}
