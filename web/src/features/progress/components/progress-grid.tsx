import { memo, useLayoutEffect, useRef, useState } from 'react';
import { ReviewStateMark } from '#web/components/review-state.tsx';
import type { ProgressCell, ProgressStage, ProgressUnit } from '#contract/progress-matrix.ts';

/** Every row (floor header or unit) is this tall: the window of rendered rows is computed from it. */
const ROW_HEIGHT = 44;
/** Rows rendered beyond each edge of the visible window, so a quick scroll shows no blank band. */
const OVERSCAN = 10;
/** The viewport assumed before the container is measured (and where nothing has layout, as in tests). */
const DEFAULT_VIEWPORT = 600;

export type GridRow =
  | { kind: 'floor'; key: string; floor: number | null; label: string }
  | { kind: 'unit'; key: string; unit: ProgressUnit; done: number; scheduled: number };

export interface GridWords {
  tableLabel: string;
  unitHeader: string;
  rowCountHeader: string;
  columnCountHeader: string;
  /** The words of a cell (its aria-label, title and details line). */
  cellText: (unit: ProgressUnit, stage: ProgressStage, cell: ProgressCell) => string;
  /** "3 of 5 done", for screen readers beside the short "3/5". */
  countText: (done: number, total: number) => string;
}

const CELL_LOOK: Record<ProgressCell['state'], { className: string; mark: string }> = {
  done: { className: 'bg-green-600 text-white hover:bg-green-700', mark: '✓' },
  open: { className: 'bg-amber-300 text-amber-950 hover:bg-amber-400', mark: '○' },
  none: { className: 'bg-slate-100 text-slate-500', mark: '—' },
};

function Count({ done, total, words }: { done: number; total: number; words: GridWords }) {
  return (
    <span aria-label={words.countText(done, total)} className="tabular-nums">
      {done}/{total}
    </span>
  );
}

function Cell({
  unit,
  stage,
  cell,
  words,
  onSelect,
}: {
  unit: ProgressUnit;
  stage: ProgressStage;
  cell: ProgressCell;
  words: GridWords;
  onSelect: (text: string) => void;
}) {
  const text = words.cellText(unit, stage, cell);
  const look = CELL_LOOK[cell.state];
  const base = `flex h-9 w-full min-w-11 items-center justify-center rounded text-base font-semibold ${look.className}`;
  // A stage not scheduled on the unit has nothing to tell: labelled, but not a stop for the keyboard.
  if (cell.state === 'none') {
    return (
      <span role="img" aria-label={text} title={text} className={base} data-state="none">
        {look.mark}
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={text}
      title={text}
      data-state={cell.state}
      className={`${base} relative focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-1`}
      onClick={() => onSelect(text)}
      onFocus={() => onSelect(text)}
    >
      <span aria-hidden>{look.mark}</span>
      {/* The review state (docs/decisions/029-quality-loop.md): its words are in the cell's label. */}
      <ReviewStateMark review={cell.review} decorative className="absolute -top-1 -end-1" />
    </button>
  );
}

/** A unit's row; memoized, so rows that stay in the window while scrolling are not drawn again. */
const UnitRow = memo(function UnitRow({
  row,
  index,
  stages,
  words,
  onSelect,
}: {
  row: Extract<GridRow, { kind: 'unit' }>;
  index: number;
  stages: ProgressStage[];
  words: GridWords;
  onSelect: (text: string) => void;
}) {
  return (
    <tr aria-rowindex={index} style={{ height: ROW_HEIGHT }} data-testid="progress-row">
      <th scope="row" className="sticky start-0 z-10 border-b border-slate-100 bg-white px-3 text-start font-medium">
        <bdi>{row.unit.number}</bdi>
      </th>
      {row.unit.cells.map((cell, k) => (
        <td key={stages[k].name} className="border-b border-slate-100 px-1">
          <Cell unit={row.unit} stage={stages[k]} cell={cell} words={words} onSelect={onSelect} />
        </td>
      ))}
      <td className="border-b border-slate-100 px-3 text-center" data-testid="row-count">
        <Count done={row.done} total={row.scheduled} words={words} />
      </td>
    </tr>
  );
});

/**
 * The unit × stage table, virtualized: only the rows in the scroll container's view (plus
 * OVERSCAN) are in the document, between two spacer rows of the height of the rows left out, so
 * 2,000 units × 7 stages scroll smoothly. `printing` renders every row: the printed page has no
 * scroll container, so the window would cut it.
 */
export function ProgressGrid({
  stages,
  rows,
  columnCounts,
  words,
  printing,
  onSelect,
}: {
  stages: ProgressStage[];
  rows: GridRow[];
  columnCounts: { done: number; total: number }[];
  words: GridWords;
  printing: boolean;
  onSelect: (text: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The first row in view, not the pixel offset: a scroll within a row renders nothing again.
  const [topRow, setTopRow] = useState(0);
  const [viewport, setViewport] = useState(DEFAULT_VIEWPORT);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || DEFAULT_VIEWPORT);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const first = printing ? 0 : Math.max(0, topRow - OVERSCAN);
  const last = printing ? rows.length : Math.min(rows.length, topRow + Math.ceil(viewport / ROW_HEIGHT) + 1 + OVERSCAN);
  const columns = stages.length + 2;

  return (
    <div
      ref={scroller}
      onScroll={(e) => setTopRow(Math.floor(e.currentTarget.scrollTop / ROW_HEIGHT))}
      data-testid="progress-scroller"
      className="max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white print:max-h-none print:overflow-visible print:border-0"
    >
      <table
        aria-label={words.tableLabel}
        aria-rowcount={rows.length + 2}
        className="w-max min-w-full border-separate border-spacing-0 text-sm"
      >
        <thead className="sticky top-0 z-20 bg-slate-50 print:static">
          <tr aria-rowindex={1} style={{ height: ROW_HEIGHT }}>
            <th scope="col" className="sticky start-0 z-30 border-b border-slate-200 bg-slate-50 px-3 text-start font-semibold">
              {words.unitHeader}
            </th>
            {stages.map((s) => (
              <th key={s.name} scope="col" className="max-w-32 border-b border-slate-200 px-2 text-center text-xs font-semibold">
                <bdi className="line-clamp-2">{s.name}</bdi>
              </th>
            ))}
            <th scope="col" className="border-b border-slate-200 px-3 text-center text-xs font-semibold">
              {words.rowCountHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {first > 0 && <tr aria-hidden style={{ height: first * ROW_HEIGHT }} />}
          {rows.slice(first, last).map((row, i) =>
            row.kind === 'floor' ? (
              <tr key={row.key} aria-rowindex={first + i + 2} style={{ height: ROW_HEIGHT }} className="bg-slate-200">
                <th scope="colgroup" colSpan={columns} className="sticky start-0 px-3 text-start font-bold text-slate-900">
                  {row.label}
                </th>
              </tr>
            ) : (
              <UnitRow key={row.key} row={row} index={first + i + 2} stages={stages} words={words} onSelect={onSelect} />
            ),
          )}
          {last < rows.length && <tr aria-hidden style={{ height: (rows.length - last) * ROW_HEIGHT }} />}
        </tbody>
        <tfoot className="sticky bottom-0 z-20 bg-slate-50 print:static">
          <tr aria-rowindex={rows.length + 2} style={{ height: ROW_HEIGHT }}>
            <th scope="row" className="sticky start-0 z-30 border-t border-slate-200 bg-slate-50 px-3 text-start font-semibold">
              {words.columnCountHeader}
            </th>
            {columnCounts.map((c, k) => (
              <td key={stages[k].name} className="border-t border-slate-200 px-1 text-center" data-testid="column-count">
                <Count done={c.done} total={c.total} words={words} />
              </td>
            ))}
            <td className="border-t border-slate-200" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
