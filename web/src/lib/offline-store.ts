import type { PublicFacility, PublicRoom, PublicRoomDetails } from '#contract/worker.ts';
import { recallQrId } from './worker-memory.ts';

/**
 * What the worker pages saw, kept on the phone (docs/product.md "Working without signal"): the
 * answers of their GETs with the time they arrived, and per project the units seen, so a page
 * opened without signal shows the last answer "as of HH:MM" and the QR page can suggest units.
 * Bounded (the oldest answers go first) and never in the way: a storage failure only means less is
 * kept.
 */

const ANSWERS_KEY = 'shalav.worker-saved';
const UNITS_PREFIX = 'shalav.worker-seen-units.';
/** About a day's units and their tasks several times over; localStorage holds a few MB. */
export const MAX_SAVED_ANSWERS = 400;
/**
 * And at most this many characters in all (localStorage counts UTF-16: about 2 MB of the 5 MB most
 * browsers give a site): a unit's tasks carry seven languages of words, so the count alone could
 * fill the storage the outbox itself needs.
 */
export const MAX_SAVED_CHARS = 1_000_000;
export const MAX_SEEN_UNITS = 200;

export interface SavedAnswer<T = unknown> {
  data: T;
  /** When the phone received it (ms since the epoch). */
  at: number;
}

type Answers = Record<string, SavedAnswer>;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or unavailable: the page goes on with what is in memory */
  }
}

const answers = () => {
  const stored = read<unknown>(ANSWERS_KEY, {});
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Answers) : {};
};

/** The URLs of the saved answers, the oldest first. */
const oldestFirst = (all: Answers) => Object.keys(all).sort((a, b) => all[a].at - all[b].at);

/**
 * Stores the answers, dropping the oldest until they fit the bounds — and, when the phone's storage
 * is full all the same, until they fit what is left (the newest answer is kept if anything is).
 */
function writeAnswers(all: Answers) {
  const urls = oldestFirst(all);
  while (urls.length > MAX_SAVED_ANSWERS) delete all[urls.shift()!];
  let text = JSON.stringify(all);
  for (;;) {
    if (text.length <= MAX_SAVED_CHARS || urls.length <= 1) {
      try {
        localStorage.setItem(ANSWERS_KEY, text);
        return;
      } catch {
        if (urls.length <= 1) return; /* storage full or unavailable: the page goes on with what is in memory */
      }
    }
    // Over the bound or over what the storage holds: the oldest half goes.
    urls.splice(0, Math.ceil(urls.length / 2)).forEach((u) => delete all[u]);
    text = JSON.stringify(all);
  }
}

/** Keeps the answer for `url`; past the bounds the oldest answers are dropped. */
export function saveAnswer(url: string, data: unknown, at = Date.now()) {
  const all = answers();
  delete all[url];
  all[url] = { data, at };
  writeAnswers(all);
}

/**
 * Makes room for what must not be lost (the outbox's writes): the older half of the saved answers
 * goes. Answers whether anything was freed.
 */
export function freeSavedAnswers(): boolean {
  const all = answers();
  const urls = oldestFirst(all);
  if (urls.length === 0) return false;
  if (urls.length === 1) {
    try {
      localStorage.removeItem(ANSWERS_KEY);
    } catch {
      return false;
    }
    return true;
  }
  urls.slice(0, Math.ceil(urls.length / 2)).forEach((u) => delete all[u]);
  writeAnswers(all);
  return true;
}

export function findSavedAnswer<T>(url: string): SavedAnswer<T> | undefined {
  const saved = answers()[url];
  return saved && typeof saved.at === 'number' ? (saved as SavedAnswer<T>) : undefined;
}

/** Adds units to the project's list of units seen on this phone (the newest first, bounded). */
export function rememberUnits(qrId: string, units: readonly PublicRoom[]) {
  if (units.length === 0) return;
  const ids = new Set(units.map((u) => u.id));
  const kept = seenUnits(qrId).filter((u) => !ids.has(u.id));
  write(UNITS_PREFIX + qrId, [...units, ...kept].slice(0, MAX_SEEN_UNITS));
}

/** The project a printed QR id names (both worker pages read its saved copy). */
export const facilityByQrUrl = (qrId: string) => `/api/facility/by-qr/${encodeURIComponent(qrId)}`;

/**
 * A unit page opened on this phone joins the units seen in the project last scanned here, when the
 * unit belongs to it (the unit's answer names its project only by name).
 */
export function rememberVisitedUnit(room: PublicRoomDetails) {
  const qrId = recallQrId();
  if (!qrId || findSavedAnswer<PublicFacility>(facilityByQrUrl(qrId))?.data.name !== room.facilityName) return;
  const { id, number, name, description, floor, type, facilityType, status } = room;
  rememberUnits(qrId, [{ id, number, name, description, floor, type, facilityType, status }]);
}

export function seenUnits(qrId: string): PublicRoom[] {
  const stored = read<unknown>(UNITS_PREFIX + qrId, []);
  return Array.isArray(stored) ? (stored as PublicRoom[]).filter((u) => u && typeof u.id === 'string' && typeof u.number === 'string') : [];
}

/**
 * The seen units for what the worker typed, as the server would suggest them: the exact number
 * first, then numbers starting with it, then numbers containing it, regardless of case.
 */
export function suggestSeenUnits(qrId: string, typed: string, max = 10): PublicRoom[] {
  const q = typed.trim().toLowerCase();
  const units = seenUnits(qrId);
  if (!q) return units.slice(0, max);
  const rank = (u: PublicRoom) => {
    const n = u.number.toLowerCase();
    return n === q ? 0 : n.startsWith(q) ? 1 : n.includes(q) || (u.name ?? '').toLowerCase().includes(q) ? 2 : 3;
  };
  return units
    .map((u) => ({ u, r: rank(u) }))
    .filter((x) => x.r < 3)
    .sort((a, b) => a.r - b.r || a.u.number.localeCompare(b.u.number, undefined, { numeric: true }))
    .slice(0, max)
    .map((x) => x.u);
}

/**
 * A failure for lack of network rather than an answer: fetch's TypeError, or the phone saying it
 * is offline. A 4xx is an answer and never counts.
 */
export function isOffline(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  const hasStatus = typeof err === 'object' && err !== null && 'status' in err;
  return !hasStatus && typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Tests only: forget everything saved. */
export function clearSavedForTests() {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key && (key === ANSWERS_KEY || key.startsWith(UNITS_PREFIX))) localStorage.removeItem(key);
    }
  } catch {
    /* ignore */
  }
}

/** "HH:MM" in the phone's own time, with the date in front when it was not today. */
export function formatSavedAt(at: number, locale: string, now = new Date()): string {
  const when = new Date(at);
  const time = when.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return when.toDateString() === now.toDateString()
    ? time
    : `${when.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ${time}`;
}
