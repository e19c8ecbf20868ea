import { useTranslation } from '#web/lib/i18n-react.tsx';
import { MAX_PREFIX } from '#contract/generator.ts';
import { UNIT_TYPES, projectTypeLabelKey, unitTypeLabelKey, type UnitType } from '#contract/project-types.ts';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { fallsBackToOne, rowLabels, rowProblem, type RangeRow } from './generator-rows.ts';

/** How many labels of a range the live example shows before eliding to the last one. */
export const EXAMPLE_LABELS = 5;

export function RangeRowEditor({
  row,
  index,
  facilityTypes,
  onChange,
  onRemove,
  inProjectCase,
}: {
  row: RangeRow;
  index: number;
  facilityTypes: readonly string[];
  onChange: (patch: Partial<RangeRow>) => void;
  onRemove: () => void;
  /** The example shows the labels as they will be created (projectCaseOf in contract/generator.ts). */
  inProjectCase: (label: string) => string;
}) {
  const { t } = useTranslation('generator');
  const tc = useTranslation('common').t;
  const n = index + 1;
  const problem = rowProblem(row);
  const labels = problem ? [] : rowLabels(row).map(inProjectCase);
  const shown = labels.length > EXAMPLE_LABELS + 1 ? labels.slice(0, EXAMPLE_LABELS) : labels;
  const elided = labels.length > shown.length;

  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="sr-only">{t('rows.legend', { n })}</legend>
      <div className="flex items-center justify-between gap-2">
        <p aria-hidden className="text-base font-semibold text-slate-900">
          {t('rows.legend', { n })}
        </p>
        <button
          type="button"
          onClick={onRemove}
          aria-label={tc('labelInName.itemAction', { action: t('rows.removeShort'), name: t('rows.legend', { n }) })}
          className="min-h-11 min-w-11 rounded-md border border-red-300 px-3 text-sm font-medium text-red-800 hover:bg-red-50"
        >
          {t('rows.removeShort')}
        </button>
      </div>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-6 lg:grid-cols-5">
        <div className="min-[420px]:col-span-2 lg:col-span-1">
          <TextField
            label={t('rows.prefix')}
            value={row.prefix}
            maxLength={MAX_PREFIX}
            // A prefix longer than MAX_PREFIX is refused as it is typed or pasted.
            onChange={(e) => e.target.value.length <= MAX_PREFIX && onChange({ prefix: e.target.value })}
            hint={t('rows.prefixHint', { max: MAX_PREFIX })}
            error={problem === 'prefixTooLong' ? t('rows.prefixTooLong', { max: MAX_PREFIX }) : undefined}
            autoComplete="off"
            dir="ltr"
          />
        </div>
        <div className="min-[420px]:col-span-2 lg:col-span-1">
          <TextField
            label={t('rows.start')}
            value={row.start}
            inputMode="numeric"
            onChange={(e) => onChange({ start: e.target.value })}
            hint={fallsBackToOne(row.start) ? t('rows.fallback') : undefined}
            autoComplete="off"
            dir="ltr"
          />
        </div>
        <div className="min-[420px]:col-span-2 lg:col-span-1">
          <TextField
            label={t('rows.end')}
            value={row.end}
            inputMode="numeric"
            onChange={(e) => onChange({ end: e.target.value })}
            hint={fallsBackToOne(row.end) ? t('rows.fallback') : undefined}
            error={problem === 'endBeforeStart' ? t('rows.endBeforeStart') : undefined}
            autoComplete="off"
            dir="ltr"
          />
        </div>
        <div className="min-[420px]:col-span-3 lg:col-span-1">
          <SelectField label={t('rows.facilityType')} value={row.facilityType} onChange={(e) => onChange({ facilityType: e.target.value })}>
            {facilityTypes.map((f) => (
              <option key={f} value={f}>
                {t(projectTypeLabelKey(f), { defaultValue: f })}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="min-[420px]:col-span-3 lg:col-span-1">
          <SelectField label={t('rows.roomType')} value={row.roomType} onChange={(e) => onChange({ roomType: e.target.value as UnitType })}>
            {UNIT_TYPES.map((u) => (
              <option key={u} value={u}>
                {t(unitTypeLabelKey(u))}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {!problem && (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid={`range-example-${n}`}>
          <span className="font-medium text-slate-800">{t('rows.example')}</span>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('rows.exampleOf', { n })}>
            {shown.map((label) => (
              <li key={label} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-slate-900">
                <bdi>{label}</bdi>
              </li>
            ))}
            {elided && (
              <>
                <li aria-hidden className="px-1 text-slate-700">
                  …
                </li>
                <li className="rounded bg-slate-100 px-2 py-0.5 font-mono text-slate-900">
                  <bdi>{labels[labels.length - 1]}</bdi>
                </li>
              </>
            )}
          </ul>
          <span className="ms-auto text-slate-800">{t('rows.count', { count: labels.length })}</span>
        </div>
      )}
    </fieldset>
  );
}
