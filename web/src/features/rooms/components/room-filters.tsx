import { UNIT_STATUSES, type UnitStatus } from '#contract/constants.ts';
import type { Room } from '#contract/rooms.ts';
import { SelectField } from '#web/components/ui/field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useWording } from '#web/lib/use-wording.ts';
import { normalizeStatus } from '../lib/room-display.ts';

/** 'all', 'none' (units without a floor) or a floor number as text. */
export type FloorFilter = string;
export type StatusFilter = 'all' | UnitStatus;
export interface RoomFilterState {
  floor: FloorFilter;
  status: StatusFilter;
}
export const NO_FILTERS: RoomFilterState = { floor: 'all', status: 'all' };
export const hasFilters = (f: RoomFilterState) => f.floor !== 'all' || f.status !== 'all';

/** The distinct floors present, lowest first. */
export function floorsOf(rooms: Room[]): { floors: number[]; hasNone: boolean } {
  const floors = [...new Set(rooms.map((r) => r.floor).filter((f): f is number => f !== null))].sort((a, b) => a - b);
  return { floors, hasNone: rooms.some((r) => r.floor === null) };
}

export function filterRooms(rooms: Room[], f: RoomFilterState): Room[] {
  return rooms.filter((r) => {
    if (f.floor === 'none' ? r.floor !== null : f.floor !== 'all' && String(r.floor) !== f.floor) return false;
    if (f.status !== 'all' && normalizeStatus(r.status) !== f.status) return false;
    return true;
  });
}

export function RoomFilters({ rooms, value, onChange }: { rooms: Room[]; value: RoomFilterState; onChange: (f: RoomFilterState) => void }) {
  const { t, tw } = useWording('rooms');
  const { floors, hasNone } = floorsOf(rooms);
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" role="group" aria-label={t('filters.label')}>
      <div className="sm:w-44">
        <SelectField label={t('filters.floor')} value={value.floor} onChange={(e) => onChange({ ...value, floor: e.target.value })}>
          <option value="all">{t('filters.allFloors')}</option>
          {floors.map((f) => (
            <option key={f} value={String(f)}>
              {t('filters.floorValue', { floor: f })}
            </option>
          ))}
          {hasNone && <option value="none">{t('filters.noFloor')}</option>}
        </SelectField>
      </div>
      <div className="sm:w-48">
        <SelectField
          label={t('filters.status')}
          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value as StatusFilter })}
        >
          <option value="all">{t('filters.allStatuses')}</option>
          {UNIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {tw(`status.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button variant="secondary" className="col-span-2 sm:col-span-1" disabled={!hasFilters(value)} onClick={() => onChange(NO_FILTERS)}>
        {t('filters.clear')}
      </Button>
    </div>
  );
}
