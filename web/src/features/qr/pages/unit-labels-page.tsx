import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { CLEANING_FACILITY_TYPES } from '../../../../../contract/project-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { useFacility, useUnits } from '../api/qr.ts';
import { ErrorState } from '../components/error-state.tsx';
import { LabelSheet } from '../components/label-sheet.tsx';
import { PrintStyles } from '../components/print-styles.tsx';
import { floorPrefixes, labelsPerPage, selectUnits, type LabelLayout, type LabelSelection } from '../lib/label-layout.ts';
import { PrinterIcon } from '../../../components/ui/icons.tsx';

type Mode = LabelSelection['mode'];

/**
 * Screen only: the A4 preview is scaled to the space there is (210 mm is wider than a phone).
 * Print: real size, each sheet exactly one page, the page box a hair under 297 mm so rounding can
 * never push a blank page out.
 */
const SHEET_STYLES = `
@media screen {
  .qr-label-sheet { zoom: 0.38; }
  @media (min-width: 640px) { .qr-label-sheet { zoom: 0.75; } }
  @media (min-width: 1280px) { .qr-label-sheet { zoom: 1; } }
}
@media print {
  .qr-label-page { height: 296.5mm !important; }
  .qr-label-sheet { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

/** A card; its floated legend sits inside the border like a heading instead of cutting into it. */
const cardClass = 'min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm [&>legend+*]:clear-both';

function Radio({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input id={id} type="radio" name={name} checked={checked} onChange={onChange} className="h-5 w-5 shrink-0 accent-blue-700" />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {children}
      </label>
    </div>
  );
}

export default function UnitLabelsPage() {
  const { t } = useTranslation('qr');
  const facility = useFacility();
  const units = useUnits();
  const [mode, setMode] = useState<Mode>('all');
  const [prefix, setPrefix] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [search, setSearch] = useState('');
  const [layout, setLayout] = useState<LabelLayout>('avery');
  const groupName = useId();

  const allUnits = useMemo(() => units.data ?? [], [units.data]);
  const selected = useMemo(() => {
    const selection: LabelSelection = mode === 'prefix' ? { mode, prefix } : mode === 'picked' ? { mode, ids: picked } : { mode };
    return selectUnits(allUnits, selection);
  }, [allUnits, mode, prefix, picked]);
  const prefixes = useMemo(() => floorPrefixes(allUnits), [allUnits]);
  const listed = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    return selectUnits(allUnits, { mode: 'all' }).filter((u) => !q || u.number.toLocaleLowerCase().includes(q));
  }, [allUnits, search]);

  const cleaning = CLEANING_FACILITY_TYPES.includes(facility.data?.facilityType ?? '');
  const ctx = cleaning ? 'cleaning' : undefined;
  const title = (
    <header className="space-y-1 print:hidden">
      <h1 className="text-2xl font-bold">{t('labels.title', { context: ctx })}</h1>
      <p className="text-slate-700">{t('labels.subtitle', { context: ctx })}</p>
    </header>
  );

  if (facility.isPending || units.isPending) return <Loading />;
  if (facility.isError || units.isError)
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        {title}
        {facility.isError ? (
          <ErrorState message={t('print.fetchFacilityError')} onRetry={() => void facility.refetch()} retrying={facility.isFetching} />
        ) : (
          <ErrorState message={t('labels.fetchRoomsError')} onRetry={() => void units.refetch()} retrying={units.isFetching} />
        )}
      </div>
    );

  const project = facility.data;
  const pages = Math.ceil(selected.length / labelsPerPage(layout));
  const togglePicked = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (allUnits.length === 0)
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        {title}
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <p className="mb-4 text-slate-800">{t('labels.empty', { context: ctx })}</p>
          <Link to="/room-generator" className="inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800">
            {t('labels.emptyAction', { context: ctx })}
          </Link>
        </div>
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PrintStyles page="size: A4; margin: 0;" extra={SHEET_STYLES} />
      {title}

      <div className="grid gap-6 print:hidden lg:grid-cols-2">
        <fieldset className={cardClass}>
          <legend className="float-start mb-2 w-full text-lg font-semibold">{t('labels.selection', { context: ctx })}</legend>
          <Radio name={`${groupName}-mode`} checked={mode === 'all'} onChange={() => setMode('all')}>
            {t('labels.all', { context: ctx, total: allUnits.length })}
          </Radio>
          <Radio name={`${groupName}-mode`} checked={mode === 'prefix'} onChange={() => setMode('prefix')}>
            {t('labels.byPrefix')}
          </Radio>
          <Radio name={`${groupName}-mode`} checked={mode === 'picked'} onChange={() => setMode('picked')}>
            {t('labels.picked', { context: ctx })}
          </Radio>

          {mode === 'prefix' && (
            <div className="space-y-3 border-t border-slate-200 pt-3">
              <TextField
                label={t('labels.prefix')}
                hint={t('labels.prefixHint', { context: ctx })}
                value={prefix}
                dir="ltr"
                autoComplete="off"
                onChange={(e) => setPrefix(e.target.value)}
              />
              {prefixes.length > 0 && (
                <div role="group" aria-label={t('labels.prefixSuggestions')} className="flex flex-wrap gap-2">
                  {prefixes.map((p) => (
                    <button
                      key={p}
                      type="button"
                      aria-pressed={prefix.trim().toLocaleLowerCase() === p.toLocaleLowerCase()}
                      onClick={() => setPrefix(p)}
                      className="min-h-11 min-w-11 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:border-blue-700 aria-pressed:bg-blue-700 aria-pressed:text-white"
                    >
                      {p}
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}

          {mode === 'picked' && (
            <div className="space-y-3 border-t border-slate-200 pt-3">
              <TextField label={t('labels.search', { context: ctx })} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setPicked((prev) => new Set([...prev, ...listed.map((u) => u.id)]))} disabled={listed.length === 0}>
                  {t('labels.selectShown')}
                </Button>
                <Button variant="ghost" onClick={() => setPicked(new Set())} disabled={picked.size === 0}>
                  {t('labels.clear')}
                </Button>
              </div>
              <ul aria-label={t('labels.picked', { context: ctx })} className="grid max-h-72 grid-cols-2 gap-x-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3">
                {listed.map((u) => (
                  <li key={u.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded px-2 hover:bg-slate-50">
                      <input
                        type="checkbox"
                        className="h-5 w-5 shrink-0 accent-blue-700"
                        checked={picked.has(u.id)}
                        onChange={(e) => togglePicked(u.id, e.target.checked)}
                      />
                      <span dir="auto" className="min-w-0 truncate text-sm">
                        {u.number}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </fieldset>

        <div className="space-y-4">
          <fieldset className={cardClass}>
            <legend className="float-start mb-2 w-full text-lg font-semibold">{t('labels.layout')}</legend>
            <Radio name={`${groupName}-layout`} checked={layout === 'avery'} onChange={() => setLayout('avery')}>
              {t('labels.layoutAvery')}
            </Radio>
            <Radio name={`${groupName}-layout`} checked={layout === 'single'} onChange={() => setLayout('single')}>
              {t('labels.layoutSingle')}
            </Radio>
          </fieldset>

          <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p role="status" className="font-medium" data-testid="label-summary">
              {selected.length > 0 ? t('labels.summary', { labels: selected.length, pages }) : t('labels.none', { context: ctx })}
            </p>
            <Button onClick={() => window.print()} disabled={selected.length === 0} className="w-full sm:w-auto">
              <PrinterIcon />
              {t('labels.print')}
            </Button>
            <p className="text-sm text-slate-700">{t('labels.printHint')}</p>
            <Link to="/qr-print" className="inline-flex min-h-11 items-center text-sm font-medium text-blue-800 underline">
              {t('labels.projectQr')}
            </Link>
          </div>
        </div>
      </div>

      {selected.length > 0 && (
        <section aria-label={t('labels.preview')} className="overflow-x-auto rounded-xl bg-slate-100 p-2 sm:p-4 print:overflow-visible print:bg-white print:p-0">
          <LabelSheet units={selected} layout={layout} projectName={project.name} publicUrl={project.publicUrl} cleaning={cleaning} />
        </section>
      )}
    </div>
  );
}
