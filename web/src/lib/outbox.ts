import { ApiError, apiRequest } from './api.ts';
import { freeSavedAnswers } from './offline-store.ts';

/**
 * The worker page's outbox (docs/product.md "Retries are safe"): every write the worker makes is stored in
 * localStorage with its Idempotency-Key BEFORE it is sent, and stays there until the server answers.
 * A network failure (no signal in the stairwell) keeps it and retries with back-off, at once when the
 * browser reports it is online again, and after a reload. Replaying the same key is safe: the server
 * returns the first answer and writes nothing twice. Success is shown only on the server's answer.
 * Nothing waits silently (docs/product.md "Working without signal"): the outbox is sent again on page
 * open, on `online`, when the tab is shown again and every half minute while something waits (no
 * Background Sync, which iOS lacks); a refusal is kept, also across pages, until the worker saw it.
 */

export type OutboxKind = 'complete' | 'shortage' | 'measurement' | 'session';

export interface OutboxEntry {
  /** Also the Idempotency-Key: one per attempt by the worker, reused on every retry. */
  key: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
  roomId: string;
  /** The task a completion is for (to show its card as waiting). */
  taskId?: string;
  /** What the worker calls it, for the list of waiting writes: the stage's name, the unit's number. */
  label?: string;
  createdAt: number;
  attempts: number;
  /** true after the first network failure: the card says "waiting for signal". */
  waiting: boolean;
  /** A request for it is under way now (not kept across a reload). */
  sending?: boolean;
}

/** A write the server refused, kept (also across reloads) until the worker dismissed it. */
export interface RefusedEntry {
  entry: OutboxEntry;
  status: number;
  body: ApiError['body'];
  text: string;
  at: number;
}

export type OutboxResult = { entry: OutboxEntry; ok: true; data: unknown } | { entry: OutboxEntry; ok: false; error: ApiError };

const STORAGE_KEY = 'shalav.worker-outbox';
const REFUSED_KEY = 'shalav.worker-outbox-refused';
/** While anything waits, it is sent again at least this often, whatever the back-off says. */
export const REPLAY_EVERY_MS = 30_000;
/** Back-off after a network failure: 2 s, 4 s, 8 s … at most one minute. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 60_000;
/**
 * A request without an answer after this long is given up like a network failure and sent again later
 * with the same key (safe: the server answers a replay with the first answer). Without it a request
 * stalled by a signal that comes and goes would hold every other waiting write until it settles.
 */
export const SEND_TIMEOUT_MS = 20_000;
/** Answers that mean "not now" rather than "no": retried like a network failure. */
const RETRYABLE_STATUS = new Set([408, 429, 502, 503, 504]);

let entries: OutboxEntry[] = load();
let refused: RefusedEntry[] = loadRefused();
/**
 * No attempt before this time: the server said how long to wait (Retry-After on 429 or 503). It
 * holds every entry, not only the refused one — they all go to the same server from the same phone.
 */
let pausedUntil = 0;
const inFlight = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const resultListeners = new Set<(r: OutboxResult) => void>();

function load(): OutboxEntry[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed)
      ? (parsed as OutboxEntry[])
          .filter((e) => e && typeof e.key === 'string' && typeof e.url === 'string')
          .map((e) => ({ ...e, sending: false }))
      : [];
  } catch {
    return [];
  }
}

function loadRefused(): RefusedEntry[] {
  try {
    const raw = localStorage.getItem(REFUSED_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? (parsed as RefusedEntry[]).filter((r) => r && r.entry && typeof r.entry.key === 'string') : [];
  } catch {
    return [];
  }
}

function save() {
  const text = JSON.stringify(entries);
  // The worker's writes come before the saved copies of what pages showed: a full storage gives
  // those up, half at a time, until the outbox fits.
  do {
    try {
      localStorage.setItem(STORAGE_KEY, text);
      return;
    } catch {
      /* full: free saved copies and try again */
    }
  } while (freeSavedAnswers());
  /* unavailable, or full of other things: the entry still lives in memory and is retried */
}

function saveRefused() {
  try {
    localStorage.setItem(REFUSED_KEY, JSON.stringify(refused));
  } catch {
    /* unavailable: the refusal is still listed until this page closes */
  }
}

function emit() {
  listeners.forEach((l) => l());
}

function update(key: string, change: Partial<OutboxEntry>) {
  entries = entries.map((e) => (e.key === key ? { ...e, ...change } : e));
  save();
  emit();
}

function remove(key: string) {
  entries = entries.filter((e) => e.key !== key);
  save();
  emit();
}

export const retryDelay = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** How the first attempt went: confirmed, refused by the server, or kept for a retry. */
export type SendStatus = 'sent' | 'rejected' | 'waiting';

/** One attempt for one entry. Resolves when the entry left the outbox or was scheduled again. */
async function send(entry: OutboxEntry): Promise<SendStatus> {
  if (inFlight.has(entry.key)) return 'waiting';
  inFlight.add(entry.key);
  update(entry.key, { sending: true });
  try {
    // A completion says what the phone's clock shows now: the server reads its `completedAt` against it.
    const body = entry.kind === 'complete' ? { ...(entry.body as object), sentAt: new Date().toISOString() } : entry.body;
    const controller = new AbortController();
    const giveUp = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    const data = await apiRequest<unknown>(entry.method, entry.url, body, {
      headers: { 'Idempotency-Key': entry.key },
      signal: controller.signal,
    }).finally(() => clearTimeout(giveUp));
    remove(entry.key);
    resultListeners.forEach((l) => l({ entry, ok: true, data }));
    return 'sent';
  } catch (err) {
    if (err instanceof ApiError && !RETRYABLE_STATUS.has(err.status)) {
      // The server said no (validation, conflict, inactive project): retrying cannot help.
      refused = [
        ...refused,
        { entry: { ...entry, sending: false }, status: err.status, body: err.body, text: err.message, at: Date.now() },
      ];
      saveRefused();
      remove(entry.key);
      resultListeners.forEach((l) => l({ entry, ok: false, error: err }));
      return 'rejected';
    }
    if (err instanceof ApiError && err.retryAfterMs !== undefined) {
      // At least as long as the server asked, never shorter than the usual back-off, and never more
      // than a minute: a worker waiting longer without a word would think it lost (docs/product.md
      // "Working without signal").
      pausedUntil = Date.now() + Math.min(RETRY_MAX_MS, Math.max(err.retryAfterMs, retryDelay(entry.attempts + 1)));
    }
    update(entry.key, { attempts: entry.attempts + 1, waiting: true, sending: false });
    schedule();
    return 'waiting';
  } finally {
    inFlight.delete(entry.key);
  }
}

function schedule() {
  clearTimeout(timer);
  if (entries.length === 0) return;
  const attempts = Math.max(1, Math.min(...entries.map((e) => e.attempts)));
  timer = setTimeout(() => void flushOutbox(), Math.max(retryDelay(attempts), pausedUntil - Date.now()));
}

const paused = () => Date.now() < pausedUntil;

/** Sends everything waiting, one after another (a weak connection does better with one request). */
export async function flushOutbox(): Promise<void> {
  clearTimeout(timer);
  if (paused()) {
    // The signal came back or the worker saved again: still not before the server's time.
    schedule();
    return;
  }
  for (const entry of [...entries]) {
    if (!entries.some((e) => e.key === entry.key)) continue;
    if (paused()) {
      schedule();
      return;
    }
    await send(entries.find((e) => e.key === entry.key)!);
  }
}

/** Stores the write, then sends it. The promise settles after the first attempt. */
export function enqueue(input: Omit<OutboxEntry, 'key' | 'createdAt' | 'attempts' | 'waiting'> & { key?: string }): Promise<SendStatus> {
  const entry: OutboxEntry = { ...input, key: input.key ?? newIdempotencyKey(), createdAt: Date.now(), attempts: 0, waiting: false };
  entries = [...entries, entry];
  save();
  emit();
  if (paused()) {
    // Stored and shown as waiting; sent when the server's wait is over.
    update(entry.key, { waiting: true });
    schedule();
    return Promise.resolve('waiting');
  }
  return send(entry);
}

/**
 * The worker took back a write that has not left the phone (undo of a waiting completion,
 * docs/decisions/029-quality-loop.md): it is never sent. false while a request for it is under way.
 */
export function cancelWaiting(key: string): boolean {
  if (inFlight.has(key)) return false;
  remove(key);
  return true;
}

export const outboxEntries = () => entries;
/** The refusals the worker has not dismissed yet, oldest first. */
export const outboxRefused = () => refused;
/** The server's refusal as the error the words are chosen by (errorText). */
export const refusalError = (r: RefusedEntry) => new ApiError(r.status, r.body, r.text.replace(/^\d+: /, ''));
/** The worker saw the refusal ("OK"): it leaves the list. */
export function dismissRefused(key: string) {
  refused = refused.filter((r) => r.entry.key !== key);
  saveRefused();
  emit();
}
export function subscribeOutbox(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}
export function onOutboxResult(l: (r: OutboxResult) => void) {
  resultListeners.add(l);
  return () => {
    resultListeners.delete(l);
  };
}

const flushIfWaiting = () => {
  if (entries.length > 0 && entries.every((e) => !e.sending)) void flushOutbox();
};
const onOnline = () => void flushOutbox();
const onVisible = () => {
  if (document.visibilityState === 'visible') flushIfWaiting();
};
let replayTimer: ReturnType<typeof setInterval> | undefined;

/**
 * Starts sending what a previous page load left behind, and listens for the signal coming back, the
 * worker coming back to the tab, and the half-minute tick (any worker page).
 */
export function startOutbox() {
  if (replayTimer !== undefined) return;
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  replayTimer = setInterval(flushIfWaiting, REPLAY_EVERY_MS);
  if (entries.length > 0) void flushOutbox();
}

function stopOutbox() {
  window.removeEventListener('online', onOnline);
  document.removeEventListener('visibilitychange', onVisible);
  clearInterval(replayTimer);
  replayTimer = undefined;
}

/** Tests only: forget everything, including what is stored. */
export function resetOutboxForTests() {
  clearTimeout(timer);
  stopOutbox();
  entries = [];
  refused = [];
  pausedUntil = 0;
  inFlight.clear();
  try {
    localStorage.removeItem(STORAGE_KEY);
    localStorage.removeItem(REFUSED_KEY);
  } catch {
    /* ignore */
  }
  emit();
}
/** Tests only: read storage again, as a reload would. */
export function reloadOutboxForTests() {
  entries = load();
  refused = loadRefused();
  emit();
}
