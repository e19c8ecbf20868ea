/**
 * The unit page's first script (docs/decisions/025-first-requests.md): built alone into a classic
 * script that work-tasks.html names before the worker kit (vite.config.ts, addFirstRequests), it
 * asks for the unit, its tasks and the page's words while the kit is still on its way. What it
 * imports must stay tiny.
 */
import { startFirstRequests } from '#web/lib/first-requests.ts';
import { deviceHeaders } from '#web/lib/device-id.ts';
import { storedLanguage } from '#web/lib/stored-language.ts';
import { roomIdOf } from '#contract/worker-pages.ts';
import { roomUrl, tasksUrl } from '#web/features/work-tasks/api/first-load.ts';

/** The built word chunks of WORK_TASKS_NAMESPACES per language, written in at build time. */
declare const __WORK_TASKS_WORDS__: Record<string, string[]>;

const roomId = roomIdOf(window.location.pathname);
if (roomId) startFirstRequests([roomUrl(roomId), tasksUrl(roomId)], deviceHeaders());
// The same module addresses the kit's i18n imports later: one download, taken from the module map.
for (const url of __WORK_TASKS_WORDS__[storedLanguage()] ?? []) import(/* @vite-ignore */ url).catch(() => undefined);
