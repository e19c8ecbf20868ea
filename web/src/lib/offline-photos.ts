/**
 * Photos waiting for signal, by task, for the list of waiting writes (docs/product.md "Working
 * without signal": nothing waits silently). The photo itself stays where the task card keeps it
 * (IndexedDB); this is only what the list shows, and it survives a reload like the photo does.
 */

export interface WaitingPhoto {
  taskId: string;
  roomId: string;
  /** The stage's name. */
  label: string;
  /** true while an upload of it is under way. */
  sending: boolean;
}

const KEY = 'shalav.worker-photos-waiting';
const listeners = new Set<() => void>();
let photos: WaitingPhoto[] = load();

function load(): WaitingPhoto[] {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed)
      ? (parsed as WaitingPhoto[]).filter((p) => p && typeof p.taskId === 'string').map((p) => ({ ...p, sending: false }))
      : [];
  } catch {
    return [];
  }
}

function set(next: WaitingPhoto[]) {
  photos = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(photos));
  } catch {
    /* unavailable: listed until the page closes */
  }
  listeners.forEach((l) => l());
}

/** The task's photo waits for signal (sending: an attempt is under way now). */
export function markPhotoWaiting(photo: Omit<WaitingPhoto, 'sending'>, sending = false) {
  set([...photos.filter((p) => p.taskId !== photo.taskId), { ...photo, sending }]);
}

/** The photo is up, refused, or no longer wanted. */
export function clearPhotoWaiting(taskId: string) {
  if (photos.some((p) => p.taskId === taskId)) set(photos.filter((p) => p.taskId !== taskId));
}

export const waitingPhotos = () => photos;
export function subscribeWaitingPhotos(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** Tests only: forget everything; `reload`: read storage again, as a reload would. */
export function resetWaitingPhotosForTests(reload = false) {
  if (!reload) {
    try {
      localStorage.removeItem(KEY);
    } catch {
      /* ignore */
    }
  }
  photos = load();
  listeners.forEach((l) => l());
}
