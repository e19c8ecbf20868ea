import type { ScheduleMode } from './task-rows.ts';
import { emptyFilter, type UnitFilter } from './unit-filter.ts';

/** What the manager chose on the scheduling screen: kept in this tab so a reload does not lose it. */
export interface SchedulingSelection {
  mode: ScheduleMode;
  roomId: string;
  selected: string[];
  filter: UnitFilter;
}

const KEY = 'shalav.scheduling.selection';
export const emptySelection: SchedulingSelection = { mode: 'single', roomId: '', selected: [], filter: emptyFilter };

const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * The selection saved in this tab (sessionStorage: it ends with the tab, and another tab schedules
 * on its own), or the empty one when there is none or it cannot be read.
 */
export function readSelection(): SchedulingSelection {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return emptySelection;
    const s = raw as Record<string, unknown>;
    const f = (typeof s.filter === 'object' && s.filter !== null ? s.filter : {}) as Record<string, unknown>;
    return {
      mode: s.mode === 'bulk' ? 'bulk' : 'single',
      roomId: isText(s.roomId) ? s.roomId : '',
      selected: Array.isArray(s.selected) ? s.selected.filter(isText) : [],
      filter: {
        facilityType: isText(f.facilityType) ? f.facilityType : emptyFilter.facilityType,
        unitType: isText(f.unitType) ? f.unitType : emptyFilter.unitType,
        floorPrefix: isText(f.floorPrefix) ? f.floorPrefix : emptyFilter.floorPrefix,
      },
    };
  } catch {
    return emptySelection;
  }
}

export function writeSelection(selection: SchedulingSelection) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(selection));
  } catch {
    // Storage full or blocked (private mode): the selection just won't survive a reload.
  }
}
