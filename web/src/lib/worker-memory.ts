/**
 * What the worker's phone remembers between units, so nothing is typed twice: the name (first and
 * last) and the last project QR id (the "next unit" buttons of the work-tasks page lead to a bare
 * /qr-scan, which then reopens the same project).
 */
import { LANGUAGE_STORAGE_KEY } from './stored-language.ts';

const NAME_KEY = 'shalav.worker.name';
const QR_KEY = 'shalav.worker.qrId';

export interface WorkerName {
  first: string;
  last: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): the worker types the name again */
  }
}

export function recallWorkerName(): WorkerName {
  const raw = read(NAME_KEY);
  if (!raw) return { first: '', last: '' };
  try {
    const v = JSON.parse(raw) as Partial<WorkerName>;
    return { first: typeof v.first === 'string' ? v.first : '', last: typeof v.last === 'string' ? v.last : '' };
  } catch {
    return { first: '', last: '' };
  }
}
export const rememberWorkerName = (name: WorkerName) =>
  write(NAME_KEY, JSON.stringify({ first: name.first.trim(), last: name.last.trim() }));

export const recallQrId = () => read(QR_KEY);
export const rememberQrId = (qrId: string | null) => write(QR_KEY, qrId);

/** First and last name joined by one space: the `workerName` the server records. */
export const fullName = ({ first, last }: WorkerName) => [first.trim(), last.trim()].filter(Boolean).join(' ');

/** A chosen suggestion: the first word is the first name, the rest the last name (docs/product.md "Validation rules"). */
export function splitName(name: string): WorkerName {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** Known names containing the typed full name, case-insensitive; the exact same name is not suggested. */
export function suggestNames(known: readonly string[], typed: string, max = 6): string[] {
  const q = typed.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!q) return [];
  return known.filter((n) => n.toLowerCase().includes(q) && n.trim().toLowerCase() !== q).slice(0, max);
}

/** Whether a language was ever chosen on this phone (the QR page then skips its language step). */
export const languageWasChosen = () => Boolean(read(LANGUAGE_STORAGE_KEY));

/**
 * What was typed but not yet sent, kept for this tab only (sessionStorage): a reload or a back and
 * forth keeps it (docs/product.md "Working without signal", "It remembers the worker").
 */
export function recallDraft<T>(key: string): Partial<T> | null {
  try {
    const raw = sessionStorage.getItem(`shalav.draft.${key}`);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value && typeof value === 'object' ? (value as Partial<T>) : null;
  } catch {
    return null;
  }
}
export function keepDraft(key: string, value: object | null) {
  try {
    if (value === null) sessionStorage.removeItem(`shalav.draft.${key}`);
    else sessionStorage.setItem(`shalav.draft.${key}`, JSON.stringify(value));
  } catch {
    /* storage unavailable: a reload empties the form */
  }
}

/** The QR page's form of one project (per qrId). */
export const startDraftKey = (qrId: string) => `start.${qrId}`;
/** The name typed on a unit's welcome step. */
export const welcomeDraftKey = (roomId: string) => `welcome.${roomId}`;
