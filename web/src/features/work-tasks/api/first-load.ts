/**
 * What the unit page needs before it can show anything: its two reads and its words. A module of
 * its own, importing nothing: the page's first script asks for all of it before the worker kit has
 * arrived (web/src/worker-app/first-requests-main.ts, docs/decisions/025-first-requests.md).
 */
export const roomUrl = (roomId: string) => `/api/rooms-public/${encodeURIComponent(roomId)}`;
/** Without a date the server answers for the project's own "today" (its time zone, not the phone's). */
export const tasksUrl = (roomId: string) => `/api/scheduled-tasks-public/${encodeURIComponent(roomId)}`;
/** The locale namespaces the unit page shows (web/src/locales/<language>/<namespace>.json). */
export const WORK_TASKS_NAMESPACES = ['common', 'errors', 'workTasks'];
