import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.ts';
import { registerInput } from './auth.ts';
import { bulkRoomsInput } from './generator.ts';
import { createRoomInput } from './rooms.ts';
import { createTaskTemplateInput } from './templates.ts';
import { CLEANING_FACILITY_TYPES } from './cleaning-types.ts';
import { PROJECT_TYPES, TEMPLATE_PROJECT_TYPES, UNIT_TYPES, inListOrder, projectTypeLabelKey, unitTypeLabelKey } from './project-types.ts';

const common = (lng: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../web/src/locales', lng, 'common.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const label = (lng: string, key: string) => {
  const [, group, value] = /^common:(\w+)\.(\w+)$/.exec(key)!;
  return common(lng)[group]?.[value];
};

describe('project and unit types', () => {
  it('lists each value once, the special lists inside the one list', () => {
    expect(new Set(PROJECT_TYPES).size).toBe(PROJECT_TYPES.length);
    expect(new Set(UNIT_TYPES).size).toBe(UNIT_TYPES.length);
    for (const t of [...CLEANING_FACILITY_TYPES, ...TEMPLATE_PROJECT_TYPES]) expect(PROJECT_TYPES).toContain(t);
  });

  it.each([...LOCALES])('has a label for every type in %s, in one place (common.json)', (lng) => {
    for (const t of PROJECT_TYPES) expect(label(lng, projectTypeLabelKey(t)), `${lng} project ${t}`).toBeTruthy();
    for (const t of UNIT_TYPES) expect(label(lng, unitTypeLabelKey(t)), `${lng} unit ${t}`).toBeTruthy();
    expect(Object.keys(common(lng).projectTypes)).toEqual([...PROJECT_TYPES]);
    expect(Object.keys(common(lng).unitTypes)).toEqual([...UNIT_TYPES]);
  });

  it('is what the server accepts: every listed value, nothing else', () => {
    const registration = registerInput.shape.facilityType;
    for (const t of PROJECT_TYPES) expect(registration.safeParse(t).success, t).toBe(true);
    expect(registration.safeParse('spaceport').success).toBe(false);
    for (const t of UNIT_TYPES) {
      expect(createRoomInput.shape.type.safeParse(t).success, t).toBe(true);
      expect(bulkRoomsInput.safeParse({ rooms: [{ number: '1', type: t }] }).success, t).toBe(true);
    }
    expect(createRoomInput.shape.type.safeParse('dungeon').success).toBe(false);
    for (const t of TEMPLATE_PROJECT_TYPES) expect(createTaskTemplateInput.shape.facilityType.safeParse(t).success, t).toBe(true);
    expect(createTaskTemplateInput.shape.facilityType.safeParse('renovation').success).toBe(false);
  });

  it('orders a filter’s options as the list does, unknown values last', () => {
    expect(inListOrder(UNIT_TYPES, ['suite', 'zeta', 'apartment', '', 'suite', 'alpha'])).toEqual(['apartment', 'suite', 'alpha', 'zeta']);
  });
});
