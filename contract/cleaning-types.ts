import type { ProjectType } from './project-types.ts';

/**
 * Hotel, school and office projects have rooms and a daily cleaning routine; every other type reads
 * as construction: apartments, and stages done once. A module of its own because the worker pages
 * need this list and none of project-types.ts's others: what they share with the manager app is
 * bundled whole into their first download (docs/decisions/009-worker-entries.md).
 */
export const CLEANING_FACILITY_TYPES: readonly string[] = ['hotel', 'school', 'office'] satisfies ProjectType[];
