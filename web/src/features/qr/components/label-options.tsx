import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { PrinterIcon } from '#web/components/ui/icons.tsx';
import { useWording } from '#web/lib/use-wording.ts';
import type { LabelSelectionState } from '../lib/use-label-selection.ts';

/** The choices of the unit labels page (/unit-labels): which units, which sheet, and printing. */

/** A card; its floated legend sits inside the border like a heading instead of cutting into it. */
const cardClass = 'min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm [&>legend+*]:clear-both';

function Radio({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input id={id} type="radio" name={name} checked={checked} onChange={onChange} className="h-5 w-5 shrink-0 accent-blue-700" />
      <label htmlFor={id} className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-slate-800">
        {children}
      </label>
    </div>
  );
}

function PrefixChoice({ s }: { s: LabelSelectionState }) {
  const { tw: t } = useWording('qr');
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <TextField
        label={t('labels.prefix')}
        hint={t('labels.prefixHint')}
        value={s.prefix}
        dir="ltr"
        autoComplete="off"
        onChange={(e) => s.setPrefix(e.target.value)}
      />
      {s.prefixes.length > 0 && (
        <div role="group" aria-label={t('labels.prefixSuggestions')} className="flex flex-wrap gap-2">
          {s.prefixes.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={s.prefix.trim().toLocaleLowerCase() === p.toLocaleLowerCase()}
              onClick={() => s.setPrefix(p)}
              className="min-h-11 min-w-11 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:border-blue-700 aria-pressed:bg-blue-700 aria-pressed:text-white"
            >
              {p}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function PickedChoice({ s }: { s: LabelSelectionState }) {
  const { tw: t } = useWording('qr');
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <TextField label={t('labels.search')} type="search" value={s.search} onChange={(e) => s.setSearch(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={s.pickShown} disabled={s.listed.length === 0}>
          {t('labels.selectShown')}
        </Button>
        <Button variant="ghost" onClick={s.clearPicked} disabled={s.picked.size === 0}>
          {t('labels.clear')}
        </Button>
      </div>
      <ul
        aria-label={t('labels.picked')}
        className="grid max-h-72 grid-cols-2 gap-x-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3"
      >
        {s.listed.map((u) => (
          <li key={u.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded px-2 hover:bg-slate-50">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-blue-700"
                checked={s.picked.has(u.id)}
                onChange={(e) => s.togglePicked(u.id, e.target.checked)}
              />
              <span dir="auto" className="min-w-0 truncate text-sm">
                {u.number}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** All units, the units of a floor prefix, or units picked one by one. */
export function LabelSelectionCard({ s }: { s: LabelSelectionState }) {
  const { tw: t } = useWording('qr');
  const name = `${useId()}-mode`;
  return (
    <fieldset className={cardClass}>
      <legend className="float-start mb-2 w-full text-lg font-semibold">{t('labels.selection')}</legend>
      <Radio name={name} checked={s.mode === 'all'} onChange={() => s.setMode('all')}>
        {t('labels.all', { total: s.total })}
      </Radio>
      <Radio name={name} checked={s.mode === 'prefix'} onChange={() => s.setMode('prefix')}>
        {t('labels.byPrefix')}
      </Radio>
      <Radio name={name} checked={s.mode === 'picked'} onChange={() => s.setMode('picked')}>
        {t('labels.picked')}
      </Radio>
      {s.mode === 'prefix' && <PrefixChoice s={s} />}
      {s.mode === 'picked' && <PickedChoice s={s} />}
    </fieldset>
  );
}

/** The sheet layout, what will print, and the print button. */
export function LabelPrintCard({ s }: { s: LabelSelectionState }) {
  const { tw: t } = useWording('qr');
  const name = `${useId()}-layout`;
  const count = s.selected.length;
  return (
    <div className="space-y-4">
      <fieldset className={cardClass}>
        <legend className="float-start mb-2 w-full text-lg font-semibold">{t('labels.layout')}</legend>
        <Radio name={name} checked={s.layout === 'avery'} onChange={() => s.setLayout('avery')}>
          {t('labels.layoutAvery')}
        </Radio>
        <Radio name={name} checked={s.layout === 'single'} onChange={() => s.setLayout('single')}>
          {t('labels.layoutSingle')}
        </Radio>
      </fieldset>

      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <p role="status" className="font-medium" data-testid="label-summary">
          {count > 0 ? t('labels.summary', { labels: count, pages: s.pages }) : t('labels.none')}
        </p>
        <Button onClick={() => window.print()} disabled={count === 0} className="w-full sm:w-auto">
          <PrinterIcon />
          {t('labels.print')}
        </Button>
        <p className="text-sm text-slate-700">{t('labels.printHint')}</p>
        <Link to="/qr-print" className="inline-flex min-h-11 items-center text-sm font-medium text-blue-800 underline">
          {t('labels.projectQr')}
        </Link>
      </div>
    </div>
  );
}
