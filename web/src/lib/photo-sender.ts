import type { z } from 'zod';
import type { completeTaskInput } from '#contract/worker.ts';
import { clearPhotoWaiting, markPhotoWaiting, waitingPhotos, type WaitingPhoto } from './offline-photos.ts';
import { enqueue } from './outbox.ts';
import { rememberCompletedHere } from './completed-here.ts';
import {
  findCompletionIntent,
  findWaitingPhoto,
  forgetCompletionIntent,
  forgetWaitingPhoto,
  keepUploadedPhoto,
  keepWaitingPhoto,
} from './photo-store.ts';
import { PhotoError, uploadPhoto } from './photo-upload.ts';

/**
 * Photos that met no signal go up from whichever worker page is open (docs/product.md "Working
 * without signal"): a worker who completed a photo stage offline and scanned on to the next unit
 * does not have to come back for it. Once the photo is up, the completion that waited for it goes
 * to the outbox with the moment the worker pressed "complete". One upload per task at a time,
 * whether the stage's card or this sender asks.
 */

export type PhotoSendResult = { ok: true; photoUrl: string } | { ok: false; error: PhotoError };

/** While photos wait, they are tried again this often (and at once when the phone is online again). */
export const PHOTO_RETRY_MS = 15_000;

const inFlight = new Map<string, Promise<PhotoSendResult>>();
/** Refused by the server on this page load: the stage's card shows why and offers what helps. */
const refused = new Set<string>();

/**
 * Completes a stage through the outbox. It carries the moment the worker pressed "complete" (or
 * `completedAt`, the moment kept while its photo waited): sent later, it still counts for that time and day.
 */
export function completeTask(roomId: string, taskId: string, body: z.input<typeof completeTaskInput>, taskName?: string) {
  const completedAt = body.completedAt ?? new Date().toISOString();
  // Undo is offered from that moment (docs/decisions/029-quality-loop.md).
  rememberCompletedHere(taskId, completedAt);
  return enqueue({
    kind: 'complete',
    method: 'PUT',
    url: `/api/scheduled-tasks-complete/${encodeURIComponent(taskId)}`,
    body: { ...body, completedAt },
    roomId,
    taskId,
    label: taskName,
  });
}

/**
 * Uploads the task's photo (already compressed). Up: remembered as the task's photo, and a
 * completion waiting for it is sent. No signal: its bytes are kept on the phone and it is listed as waiting.
 */
export function sendWaitingPhoto(p: {
  photo: Omit<WaitingPhoto, 'sending'>;
  file: File;
  onProgress?: (percent: number) => void;
  /** false for a photo's first upload: it is listed as waiting only once it met no signal. */
  listWhileSending?: boolean;
}): Promise<PhotoSendResult> {
  const { taskId, roomId } = p.photo;
  const running = inFlight.get(taskId);
  if (running) return running;
  const attempt = (async (): Promise<PhotoSendResult> => {
    if (p.listWhileSending ?? true) markPhotoWaiting(p.photo, true);
    try {
      const photoUrl = await uploadPhoto(roomId, p.file, p.onProgress ?? (() => undefined));
      keepUploadedPhoto(taskId, photoUrl);
      clearPhotoWaiting(taskId);
      void forgetWaitingPhoto(taskId);
      const intent = findCompletionIntent(taskId);
      if (intent) {
        forgetCompletionIntent(taskId);
        // The stage was done when the worker pressed "complete", not when the photo got through.
        void completeTask(
          roomId,
          taskId,
          { notes: intent.notes, photoUrl, workerName: intent.workerName, completedAt: intent.completedAt },
          p.photo.label,
        );
      }
      refused.delete(taskId);
      return { ok: true, photoUrl };
    } catch (err) {
      const error = err instanceof PhotoError ? err : new PhotoError('network', err);
      if (error.problem === 'network') {
        // The bytes are kept before it is listed: the sender reads them from there.
        await keepWaitingPhoto(taskId, p.file);
        markPhotoWaiting(p.photo);
      } else refused.add(taskId);
      return { ok: false, error };
    } finally {
      inFlight.delete(taskId);
    }
  })();
  inFlight.set(taskId, attempt);
  return attempt;
}

let sending = false;
/** Every waiting photo once, one after another (a weak connection does better with one upload). */
export async function sendWaitingPhotos(): Promise<void> {
  if (sending) return;
  sending = true;
  try {
    for (const photo of waitingPhotos()) {
      if (photo.sending || refused.has(photo.taskId)) continue;
      const file = await findWaitingPhoto(photo.taskId);
      // Listed but its bytes are gone (storage cleared): nothing can send it any more.
      if (!file) {
        if (!inFlight.has(photo.taskId)) clearPhotoWaiting(photo.taskId);
        continue;
      }
      const result = await sendWaitingPhoto({ photo: { taskId: photo.taskId, roomId: photo.roomId, label: photo.label }, file });
      if (!result.ok && result.error.problem === 'network') break; // still no signal: the next tick tries again
    }
  } finally {
    sending = false;
  }
}

let timer: ReturnType<typeof setInterval> | undefined;
const onOnline = () => void sendWaitingPhotos();
const onVisible = () => {
  if (document.visibilityState === 'visible') void sendWaitingPhotos();
};

/** Starts sending waiting photos: now, when the signal returns, when the tab is shown and every 15 s. */
export function startPhotoSender() {
  if (timer === undefined) {
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    timer = setInterval(() => {
      if (waitingPhotos().length > 0) void sendWaitingPhotos();
    }, PHOTO_RETRY_MS);
  }
  void sendWaitingPhotos();
}

/** Tests only. */
export function resetPhotoSenderForTests() {
  window.removeEventListener('online', onOnline);
  document.removeEventListener('visibilitychange', onVisible);
  clearInterval(timer);
  timer = undefined;
  inFlight.clear();
  refused.clear();
  sending = false;
}
