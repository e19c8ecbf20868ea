import { describe, expect, it } from 'vitest';
import { roomIdOf, workerPageFile, workerPageOf, type WorkerPage } from './worker-pages.ts';

describe('worker pages', () => {
  it.each<[string, WorkerPage | null, string | undefined]>([
    ['/qr-scan', 'qrScan', 'qr-scan.html'],
    ['/qr-scan/', 'qrScan', 'qr-scan.html'],
    ['/work-tasks', 'workTasks', 'work-tasks.html'],
    ['/work-tasks/', 'workTasks', 'work-tasks.html'],
    ['/work-tasks/r1', 'workTasks', 'work-tasks.html'],
    ['/work-tasks/r%201/extra', 'workTasks', 'work-tasks.html'],
    ['/', null, undefined],
    ['/login', null, undefined],
    ['/qr-scan/abc', null, undefined],
    ['/qr-scanner', null, undefined],
    ['/work-tasksx', null, undefined],
    ['/rooms/work-tasks', null, undefined],
    ['/api/work-tasks', null, undefined],
    ['/api/work-tasks/r1', null, undefined],
    ['/rooms/work-tasks/r1', null, undefined],
  ])('%s is page %s, served by %s', (pathname, page, file) => {
    expect(workerPageOf(pathname)).toBe(page);
    expect(workerPageFile(pathname)).toBe(file);
  });

  it.each<[string, string | undefined]>([
    ['/work-tasks/r1', 'r1'],
    ['/work-tasks/7f3c2a1e-0000-4000-8000-000000000001', '7f3c2a1e-0000-4000-8000-000000000001'],
    ['/work-tasks/r%201', 'r 1'],
    ['/work-tasks/%D7%97%D7%93%D7%A8', 'חדר'],
    ['/work-tasks/r1/extra', 'r1'],
    ['/work-tasks', undefined],
    ['/work-tasks/', undefined],
    ['/work-tasks/%E0%A4%A', undefined], // malformed escape: no id rather than a throw
    ['/qr-scan', undefined],
    ['/rooms/work-tasks/r1', undefined],
  ])('roomIdOf(%s) is %s', (pathname, roomId) => {
    expect(roomIdOf(pathname)).toBe(roomId);
  });
});
