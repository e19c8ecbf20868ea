import { beforeEach, describe, expect, it } from 'vitest';
import { parseFloor } from '../components/start-work-form.tsx';
import { workTasksUrl } from '../pages/qr-scan-page.tsx';
import { fullName, recallWorkerName, rememberWorkerName, splitName, suggestNames } from '#web/lib/worker-memory.ts';

describe('worker names', () => {
  beforeEach(() => localStorage.clear());

  it('splits a chosen name into the first word and the rest, ignoring extra spaces', () => {
    expect(splitName('  Ivan   Petrov Sidorov ')).toEqual({ first: 'Ivan', last: 'Petrov Sidorov' });
    expect(splitName('משה')).toEqual({ first: 'משה', last: '' });
  });

  it('joins first and last name with one space and drops an empty last name', () => {
    expect(fullName({ first: ' Anna ', last: ' Lee ' })).toBe('Anna Lee');
    expect(fullName({ first: 'Anna', last: '  ' })).toBe('Anna');
  });

  it('suggests known names containing the typed full name, case-insensitively, not the name already typed', () => {
    const known = ['Ivan Petrov', 'Anna Lee', 'IVANA Kovac', 'ዮሐንስ ገብሬ'];
    expect(suggestNames(known, 'ivan')).toEqual(['Ivan Petrov', 'IVANA Kovac']);
    expect(suggestNames(known, 'ivan  pet')).toEqual(['Ivan Petrov']);
    expect(suggestNames(known, 'Ivan Petrov')).toEqual([]);
    expect(suggestNames(known, 'ዮሐ')).toEqual(['ዮሐንስ ገብሬ']);
    expect(suggestNames(known, '  ')).toEqual([]);
  });

  it('remembers the name for the next unit and survives garbage in storage', () => {
    expect(recallWorkerName()).toEqual({ first: '', last: '' });
    rememberWorkerName({ first: ' Anna ', last: 'Lee' });
    expect(recallWorkerName()).toEqual({ first: 'Anna', last: 'Lee' });
    localStorage.setItem('shalav.worker.name', '{not json');
    expect(recallWorkerName()).toEqual({ first: '', last: '' });
  });
});

describe('start-work details', () => {
  it('accepts a floor the server accepts and nothing else', () => {
    expect(parseFloor('3')).toBe(3);
    expect(parseFloor('-2')).toBe(-2);
    expect(parseFloor('')).toBeUndefined();
    expect(parseFloor('-')).toBeUndefined();
    expect(parseFloor('301')).toBeUndefined();
    expect(parseFloor('-21')).toBeUndefined();
  });

  it('builds the work-tasks address with the name encoded and the floor only when known', () => {
    expect(workTasksUrl('u1', 'משה כהן', 2)).toBe(`/work-tasks/u1?workerName=${encodeURIComponent('משה כהן')}&floorNumber=2`);
    expect(workTasksUrl('u1', 'A&B', null)).toBe('/work-tasks/u1?workerName=A%26B');
    expect(workTasksUrl('u1', 'Anna', 0)).toBe('/work-tasks/u1?workerName=Anna&floorNumber=0');
  });
});
