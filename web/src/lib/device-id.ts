import { DEVICE_HEADER, isDeviceId } from '#contract/worker-rules.ts';
import { setDefaultHeaders } from './api.ts';

/**
 * This phone's device id for the worker pages (docs/decisions/012-worker-rate-limits.md): random,
 * made on the first visit and kept in localStorage, so the server's limits count each phone and not
 * the crew's one shared hotspot address. It names nothing and nobody; a cleared storage makes a new one.
 */
const STORAGE_KEY = 'shalav.device-id';
let memo: string | undefined;

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  if (memo) return memo;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* storage unavailable (private mode): an id for this page load only */
  }
  memo = isDeviceId(stored) ? stored : newId();
  if (memo !== stored) {
    try {
      localStorage.setItem(STORAGE_KEY, memo);
    } catch {
      /* as above */
    }
  }
  return memo;
}

/** The header every worker-page request carries. */
export const deviceHeaders = (): Record<string, string> => ({ [DEVICE_HEADER]: deviceId() });

/** From now on every API request of this page (reads, writes, outbox replays) carries the device id. */
export function installDeviceHeader() {
  setDefaultHeaders(deviceHeaders());
}

/** Tests only: forget the remembered id (storage is left as it is). */
export function forgetDeviceIdForTests() {
  memo = undefined;
}
