import { useId, useMemo, useState } from 'react';
import { useWording } from '#web/lib/use-wording.ts';
import type { Room } from '#contract/rooms.ts';
import { PROJECT_TYPES, UNIT_TYPES, inListOrder, projectTypeLabelKey, unitTypeLabelKey } from '#contract/project-types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { ALL, filterUnits, type UnitFilter } from '../lib/unit-filter.ts';

export const BULK_PAGE_SIZE = 60;

/**
 * Bulk-copy target: filter the project's units (facility type, unit type, floor as a prefix of the
 * number), then tick units. Only one page of checkboxes is in the DOM, so thousands of units stay
 * light. The selection survives filter changes; units selected but outside the filter are counted.
 */
export function BulkUnitPicker({
  units,
  filter,
  onFilterChange,
  selected,
  onSelectedChange,
}: {
  units: Room[];
  filter: UnitFilter;
  onFilterChange: (f: UnitFilter) => void;
  selected: ReadonlySet<string>;
  onSelectedChange: (s: Set<string>) => void;
}) {
  const { tw: t } = useWording('scheduling');
  const listId = useId();
  const [page, setPage] = useState(1);

  const facilityTypes = useMemo(
    () =>
      inListOrder(
        PROJECT_TYPES,
        units.map((u) => u.facilityType),
      ),
    [units],
  );
  const unitTypes = useMemo(
    () =>
      inListOrder(
        UNIT_TYPES,
        units.filter((u) => filter.facilityType === ALL || u.facilityType === filter.facilityType).map((u) => u.type),
      ),
    [units, filter.facilityType],
  );
  const matching = useMemo(() => filterUnits(units, filter), [units, filter]);
  const pages = Math.max(1, Math.ceil(matching.length / BULK_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * BULK_PAGE_SIZE, current * BULK_PAGE_SIZE);
  const matchingSelected = matching.reduce((n, u) => n + (selected.has(u.id) ? 1 : 0), 0);
  const outside = selected.size - matchingSelected;

  const setFilter = (patch: Partial<UnitFilter>) => {
    setPage(1);
    onFilterChange({ ...filter, ...patch });
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  const selectAll = () => onSelectedChange(new Set([...selected, ...matching.map((u) => u.id)]));

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label={t('bulk.facilityType')}
          value={filter.facilityType}
          onChange={(e) => setFilter({ facilityType: e.target.value, unitType: ALL })}
        >
          <option value={ALL}>{t('bulk.all')}</option>
          {facilityTypes.map((f) => (
            <option key={f} value={f}>
              {t(projectTypeLabelKey(f), { defaultValue: f })}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('bulk.unitType')} value={filter.unitType} onChange={(e) => setFilter({ unitType: e.target.value })}>
          <option value={ALL}>{t('bulk.all')}</option>
          {unitTypes.map((ty) => (
            <option key={ty} value={ty}>
              {t(unitTypeLabelKey(ty), { defaultValue: ty })}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('bulk.floorPrefix')}
          hint={t('bulk.floorPrefixHint')}
          value={filter.floorPrefix}
          maxLength={30}
          autoComplete="off"
          onChange={(e) => setFilter({ floorPrefix: e.target.value })}
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3">
        <p role="status" className="text-sm text-slate-800">
          <span className="font-semibold">{t('bulk.matching', { matching: matching.length, total: units.length })}</span>
          {' · '}
          {t('bulk.selected', { selected: selected.size })}
          {outside > 0 && <span className="block text-amber-900">{t('bulk.outsideFilter', { outside })}</span>}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={selectAll} disabled={matching.length === 0}>
            {t('bulk.selectAll', { matching: matching.length })}
          </Button>
          <Button variant="secondary" onClick={() => onSelectedChange(new Set())} disabled={selected.size === 0}>
            {t('bulk.selectNone')}
          </Button>
        </div>
      </div>

      {matching.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">{t('bulk.noMatch')}</p>
      ) : (
        <>
          <ul id={listId} aria-label={t('bulk.listLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {shown.map((u) => (
              <li key={u.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0 accent-blue-700"
                    checked={selected.has(u.id)}
                    onChange={(e) => toggle(u.id, e.target.checked)}
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold" dir="auto">
                      {u.number}
                    </span>
                    <span className="block truncate text-xs text-slate-600">{t(unitTypeLabelKey(u.type), { defaultValue: u.type })}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label={t('bulk.pagerLabel')} className="flex items-center justify-between gap-2">
              <Button variant="secondary" aria-controls={listId} disabled={current <= 1} onClick={() => setPage(current - 1)}>
                {t('pager.previous')}
              </Button>
              <span className="text-sm text-slate-700">{t('pager.pageOf', { page: current, pages })}</span>
              <Button variant="secondary" aria-controls={listId} disabled={current >= pages} onClick={() => setPage(current + 1)}>
                {t('pager.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
