import { useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ProgressCell, ProgressMatrix, ProgressStage, ProgressUnit } from '#contract/progress-matrix.ts';
import { useReviewStateText } from '#web/components/review-state.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { progressMatrixQuery } from '#web/lib/queries/progress-matrix.ts';
import { useMayManage } from '#web/lib/queries/session.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { ProgressFilters, type FloorFilter } from '../components/progress-filters.tsx';
import { ProgressGrid, type GridRow, type GridWords } from '../components/progress-grid.tsx';
import { ProgressLegend } from '../components/progress-legend.tsx';
import { ProgressPrintStyles } from '../components/progress-print-styles.tsx';

const matchesFloor = (unit: ProgressUnit, floor: FloorFilter) =>
  floor === 'all' || (floor === 'none' ? unit.floor === null : unit.floor === Number(floor));

/**
 * The units that pass the filters as grid rows, a floor header before each floor's units (the
 * server sends them by floor), with each row's and each column's counts.
 */
function buildRows(data: ProgressMatrix, floor: FloorFilter, prefix: string, floorName: (f: number | null) => string) {
  const p = prefix.trim().toLowerCase();
  const units = data.units.filter((u) => matchesFloor(u, floor) && u.number.toLowerCase().startsWith(p));
  const rows: GridRow[] = [];
  let header: Extract<GridRow, { kind: 'floor' }> | undefined;
  for (const unit of units) {
    if (!header || header.floor !== unit.floor) {
      header = { kind: 'floor', key: `floor:${unit.floor ?? 'none'}`, floor: unit.floor, label: floorName(unit.floor) };
      rows.push(header);
    }
    const done = unit.cells.filter((c) => c.state === 'done').length;
    const scheduled = unit.cells.filter((c) => c.state !== 'none').length;
    rows.push({ kind: 'unit', key: unit.id, unit, done, scheduled });
  }
  const columnCounts = data.stages.map((_, i) => ({
    done: units.filter((u) => u.cells[i].state === 'done').length,
    total: units.filter((u) => u.cells[i].state !== 'none').length,
  }));
  return { rows, columnCounts, units: units.length };
}

/**
 * A name inside a sentence, isolated from its direction (FSI … PDI, the text form of <bdi>): the
 * cell's words are an attribute (title, aria-label) and a status line, where no element can go.
 */
const isolate = (name: string) => `\u2068${name}\u2069`;

/** Every floor the project's units are on, in the server's order (no floor last). */
const floorsOf = (data: ProgressMatrix | undefined) => [...new Set((data?.units ?? []).map((u) => u.floor))];

/** /progress-matrix: every unit against every construction stage (line of balance), one scroll. */
export default function ProgressMatrixPage() {
  const { tw: t, i18n, timeZone } = useWording('progress');
  const errorText = useErrorText();
  const mayManage = useMayManage();
  const query = useQuery(progressMatrixQuery());
  const data = query.data;
  // Filtering happens here, on the whole grid: instant while typing, and the floor list stays complete.
  const [floor, setFloor] = useState<FloorFilter>('all');
  const [prefix, setPrefix] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);

  // The browser's own print (Ctrl+P) also gets every row; the print button sets it before asking.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
  };

  const floorName = useCallback((f: number | null) => (f === null ? t('noFloor') : t('floorName', { floor: f })), [t]);
  const formatTime = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return (iso: string) => fmt.format(new Date(iso));
  }, [i18n.language, timeZone]);

  const reviewText = useReviewStateText();
  const words = useMemo<GridWords>(
    () => ({
      tableLabel: t('grid.label'),
      unitHeader: t('grid.unit'),
      rowCountHeader: t('grid.rowCount'),
      columnCountHeader: t('grid.columnCount'),
      countText: (done, total) => t('grid.countOf', { done, total }),
      cellText: (unit: ProgressUnit, stage: ProgressStage, cell: ProgressCell) => {
        const names = { unit: isolate(unit.number), stage: isolate(stage.name) };
        const date = cell.completedAt ? formatTime(cell.completedAt) : '';
        const text =
          cell.state !== 'done'
            ? t(`cell.${cell.state}`, names)
            : cell.workerName
              ? t('cell.doneBy', { ...names, date, worker: isolate(cell.workerName) })
              : t('cell.done', { ...names, date });
        // The review state and a sending back's reason (docs/decisions/029-quality-loop.md).
        if (!cell.review) return text;
        return `${text} — ${reviewText({ ...cell.review, reason: cell.review.reason && isolate(cell.review.reason) })}`;
      },
    }),
    [t, formatTime, reviewText],
  );

  const grid = useMemo(() => (data ? buildRows(data, floor, prefix, floorName) : undefined), [data, floor, prefix, floorName]);
  const floors = useMemo(() => floorsOf(data), [data]);
  const filtered = floor !== 'all' || prefix.trim() !== '';
  const clear = () => {
    setFloor('all');
    setPrefix('');
  };

  return (
    <div className="progress-print-area mx-auto max-w-7xl space-y-5">
      <ProgressPrintStyles />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-slate-700 print:hidden">{t('intro')}</p>
      </header>

      <ProgressFilters
        floors={floors}
        floor={floor}
        prefix={prefix}
        words={{
          floor: t('filters.floor'),
          allFloors: t('filters.allFloors'),
          floorName,
          prefix: t('filters.prefix'),
          prefixHint: t('filters.prefixHint'),
          clear: t('filters.clear'),
          print: t('print'),
        }}
        onFloor={setFloor}
        onPrefix={setPrefix}
        onClear={clear}
        onPrint={print}
      />

      {query.isError ? (
        <RetryAlert onRetry={() => void query.refetch()}>
          <span>
            {t('error')} {errorText(query.error, '')}
          </span>
        </RetryAlert>
      ) : !data || !grid ? (
        <Loading label={t('loading')} />
      ) : data.units.length === 0 || data.stages.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          <p>
            {data.units.length === 0 ? t('emptyUnits') : t('emptyStages')}{' '}
            {mayManage && data.units.length > 0 && (
              <Link to="/task-scheduling" className="inline-flex min-h-11 items-center font-medium text-blue-800 underline">
                {t('scheduleLink')}
              </Link>
            )}
          </p>
        </div>
      ) : grid.units === 0 && filtered ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          <p>{t('emptyFiltered')}</p>
        </div>
      ) : (
        <section aria-labelledby="progress-results" aria-busy={query.isFetching} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="progress-results" className="text-sm font-medium text-slate-700">
              {t('results', { units: grid.units, stages: data.stages.length })}
            </h2>
            <ProgressLegend words={{ label: t('legend.label'), done: t('legend.done'), open: t('legend.open'), none: t('legend.none') }} />
          </div>
          <p role="status" className="min-h-6 text-sm text-slate-800 print:hidden" data-testid="cell-details">
            {selected ?? t('details.hint')}
          </p>
          <ProgressGrid
            key={`${floor}|${prefix.trim().toLowerCase()}`}
            stages={data.stages}
            rows={grid.rows}
            columnCounts={grid.columnCounts}
            words={words}
            printing={printing}
            onSelect={setSelected}
          />
        </section>
      )}
    </div>
  );
}
