import { compareUnitLabels, type Room } from '#contract/rooms.ts';
import { CLEANING_FACILITY_TYPES } from '#contract/cleaning-types.ts';
import { TEMPLATE_PROJECT_TYPES, type TemplateProjectType } from '#contract/project-types.ts';
import type { Recurrence } from '#contract/schedules.ts';

export const ALL = 'all';

export interface UnitFilter {
  facilityType: string;
  unitType: string;
  /** docs/product.md "Task scheduling": the floor is a prefix match on the unit number ("2" → 201, 215, 2A…). */
  floorPrefix: string;
}
export const emptyFilter: UnitFilter = { facilityType: ALL, unitType: ALL, floorPrefix: '' };

export function filterUnits(units: readonly Room[], filter: UnitFilter): Room[] {
  const prefix = filter.floorPrefix.trim().toLowerCase();
  return units.filter(
    (u) =>
      (filter.facilityType === ALL || u.facilityType === filter.facilityType) &&
      (filter.unitType === ALL || u.type === filter.unitType) &&
      (prefix === '' || u.number.toLowerCase().startsWith(prefix)),
  );
}

export const sortUnits = (units: readonly Room[]) => [...units].sort((a, b) => compareUnitLabels(a.number, b.number));

/** Templates exist for construction, hotel, school and office; other project types read construction's. */
export const templateFacilityOf = (facilityType: string | undefined): TemplateProjectType =>
  (TEMPLATE_PROJECT_TYPES as readonly string[]).includes(facilityType ?? '') ? (facilityType as TemplateProjectType) : 'construction';

/** A construction stage is done once; a cleaning routine opens again each day (docs/product.md "Task status"). */
export const defaultRecurrenceOf = (facilityType: string | undefined): Recurrence =>
  CLEANING_FACILITY_TYPES.includes(facilityType ?? '') ? 'daily' : 'once';
