/**
 * The worker pages (docs/product.md "Worker pages") and the HTML entry each is built as
 * (docs/decisions/009-worker-entries.md). One definition for the server, the Vite dev server and the
 * worker app's own page switch.
 */
export type WorkerPage = 'qrScan' | 'workTasks';

export const WORKER_PAGE_FILES: Record<WorkerPage, string> = { qrScan: 'qr-scan.html', workTasks: 'work-tasks.html' };

/** /qr-scan, /work-tasks and /work-tasks/{roomId}; null for every other path. */
export function workerPageOf(pathname: string): WorkerPage | null {
  if (pathname === '/qr-scan' || pathname === '/qr-scan/') return 'qrScan';
  if (pathname === '/work-tasks' || pathname.startsWith('/work-tasks/')) return 'workTasks';
  return null;
}

/** The built HTML file that serves `pathname`, if it is a worker page. */
export function workerPageFile(pathname: string): string | undefined {
  const page = workerPageOf(pathname);
  return page ? WORKER_PAGE_FILES[page] : undefined;
}

/** The unit id in /work-tasks/{roomId}; undefined for a bare /work-tasks ("missing id"). */
export function roomIdOf(pathname: string): string | undefined {
  const match = /^\/work-tasks\/([^/]+)/.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]) || undefined;
  } catch {
    return undefined;
  }
}
