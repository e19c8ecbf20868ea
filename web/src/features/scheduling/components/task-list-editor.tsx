import { useId } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { RECURRENCES, type Recurrence } from '#contract/schedules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { MAX_MINUTES, MIN_MINUTES, editRow, emptyRow, parseMinutes, type TaskRow } from '../lib/task-rows.ts';

const control =
  'block w-full min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200';
const labelClass = 'block text-sm font-medium text-slate-700';

function TaskRowEditor({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: TaskRow;
  index: number;
  onChange: (row: TaskRow) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('scheduling');
  const id = useId();
  const n = index + 1;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="task-row">
      <fieldset className="space-y-3">
        <legend className="sr-only">{t('editor.rowLegend', { n })}</legend>
        <div className="flex items-start gap-2">
          <span aria-hidden className="mt-9 w-6 shrink-0 text-center text-sm font-semibold text-slate-600">
            {n}
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={`${id}-name`} className={labelClass}>
              {t('editor.name')}
            </label>
            <input
              id={`${id}-name`}
              className={control}
              value={row.name}
              maxLength={200}
              onChange={(e) => onChange(editRow(row, { name: e.target.value }))}
            />
          </div>
          <Button variant="ghost" className="mt-6 shrink-0 text-red-800" aria-label={t('editor.remove', { n })} onClick={onRemove}>
            <span aria-hidden>✕</span>
          </Button>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-desc`} className={labelClass}>
            {t('editor.description')}
          </label>
          <textarea
            id={`${id}-desc`}
            className={`${control} min-h-16`}
            rows={2}
            maxLength={2000}
            value={row.description}
            onChange={(e) => onChange(editRow(row, { description: e.target.value }))}
          />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end">
          <div className="space-y-1">
            <label htmlFor={`${id}-min`} className={labelClass}>
              {t('editor.minutes', { min: MIN_MINUTES, max: MAX_MINUTES })}
            </label>
            <input
              id={`${id}-min`}
              className={control}
              inputMode="numeric"
              value={row.estimatedMinutes}
              aria-describedby={`${id}-min-hint`}
              onChange={(e) => onChange(editRow(row, { estimatedMinutes: e.target.value }))}
              onBlur={(e) => onChange(editRow(row, { estimatedMinutes: String(parseMinutes(e.target.value)) }))}
            />
            <p id={`${id}-min-hint`} className="text-xs text-slate-600">
              {t('editor.minutesHint', { fallback: 10 })}
            </p>
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-rec`} className={labelClass}>
              {t('editor.recurrence')}
            </label>
            <select
              id={`${id}-rec`}
              className={control}
              value={row.recurrence}
              onChange={(e) => onChange(editRow(row, { recurrence: e.target.value as Recurrence }))}
            >
              {RECURRENCES.map((r) => (
                <option key={r} value={r}>
                  {t(`recurrence.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5 accent-blue-700"
              checked={row.requiresPhoto}
              onChange={(e) => onChange(editRow(row, { requiresPhoto: e.target.checked }))}
            />
            {t('editor.requiresPhoto')}
          </label>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * The task list to schedule. Rows are controlled by the page; blank names are allowed while
 * editing and dropped on save.
 */
export function TaskListEditor({
  rows,
  onChange,
  onUseDefaults,
  onUseTemplates,
  templateCount,
}: {
  rows: TaskRow[];
  onChange: (rows: TaskRow[]) => void;
  onUseDefaults: () => void;
  onUseTemplates: () => void;
  templateCount: number;
}) {
  const { t } = useTranslation('scheduling');
  const update = (i: number, row: TaskRow) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <section aria-labelledby="task-list-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="task-list-title" className="text-lg font-semibold">
          {t('editor.title', { total: rows.length })}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onUseDefaults}>
            {t('editor.useDefaults')}
          </Button>
          <Button variant="secondary" onClick={onUseTemplates} disabled={templateCount === 0}>
            {t('editor.useTemplates', { total: templateCount })}
          </Button>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">{t('editor.empty')}</p>
      ) : (
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <TaskRowEditor
              key={row.key}
              row={row}
              index={i}
              onChange={(r) => update(i, r)}
              onRemove={() => onChange(rows.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
      )}
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => onChange([...rows, emptyRow()])}>
        <span aria-hidden>＋</span> {t('editor.add')}
      </Button>
    </section>
  );
}
