import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { PublicTask } from '#contract/worker.ts';
import { toast } from '#web/components/ui/toast.ts';
import { cancelWaiting, onOutboxResult, type OutboxEntry } from '#web/lib/outbox.ts';
import { forgetCompletedHere } from '#web/lib/completed-here.ts';
import { clearPhotoWaiting, markPhotoWaiting, subscribeWaitingPhotos, waitingPhotos } from '#web/lib/offline-photos.ts';
import { completeTask, sendWaitingPhoto } from '#web/lib/photo-sender.ts';
import { PhotoError, compressPhoto, photoErrorText } from '#web/lib/photo-upload.ts';
import {
  findCompletionIntent,
  findUploadedPhoto,
  findWaitingPhoto,
  forgetCompletionIntent,
  forgetUploadedPhoto,
  forgetWaitingPhoto,
  keepCompletionIntent,
} from '#web/lib/photo-store.ts';
import { keepDraft, recallDraft } from '#web/lib/worker-memory.ts';

/** A task's photo: none yet → compressing → uploading → done; or waiting for signal; or failed. */
export type PhotoState =
  | { status: 'idle' }
  | { status: 'compressing'; file: File }
  | { status: 'uploading'; file: File; percent: number }
  | { status: 'done'; file: File; photoUrl: string }
  | { status: 'waiting'; file: File }
  | { status: 'error'; file: File; error: PhotoError };

/** A completed task needs nothing kept on the phone any more. */
export function forgetTaskPhoto(taskId: string) {
  forgetUploadedPhoto(taskId);
  forgetCompletionIntent(taskId);
  clearPhotoWaiting(taskId);
  void forgetWaitingPhoto(taskId);
}

/** Refusals of a completion that mean "the server has no usable photo": ask for the photo again. */
const PHOTO_AGAIN = new Set(['photo_missing', 'photo_required']);

/**
 * The photo's way up: compress (unless it already was), upload, remember it on the phone; without
 * signal keep it waiting — the page's photo sender (lib/photo-sender.ts) sends it from any worker
 * page, and the completion the worker asked for meanwhile with it.
 */
function usePhotoUpload(task: PublicTask, roomId: string, setQueued: (queued: boolean) => void) {
  const { t } = useTranslation('workTasks');
  const [photo, setPhoto] = useState<PhotoState>({ status: 'idle' });

  const fail = useCallback(
    (file: File, error: PhotoError) => {
      setPhoto({ status: 'error', file, error });
      clearPhotoWaiting(task.id);
      toast({ title: photoErrorText(t, error), variant: 'destructive' });
    },
    [t, task.id],
  );

  const upload = useCallback(
    async (file: File, compressed: boolean) => {
      let ready = file;
      if (!compressed) {
        setPhoto({ status: 'compressing', file });
        try {
          ready = await compressPhoto(file);
        } catch (err) {
          return fail(file, err instanceof PhotoError ? err : new PhotoError('rejected', err));
        }
      }
      setPhoto({ status: 'uploading', file: ready, percent: 0 });
      const result = await sendWaitingPhoto({
        photo: { taskId: task.id, roomId, label: task.name },
        file: ready,
        onProgress: (percent) => setPhoto((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
        // A photo sent again (it met no signal before) is listed as sending meanwhile.
        listWhileSending: compressed,
      });
      if (result.ok) {
        setPhoto({ status: 'done', file: ready, photoUrl: result.photoUrl });
        setQueued(false);
        toast({ title: t('photo.uploaded'), variant: 'success' });
      } else if (result.error.problem !== 'network') fail(ready, result.error);
      else setPhoto({ status: 'waiting', file: ready });
    },
    [fail, roomId, setQueued, t, task.id, task.name],
  );

  // After a reload or a closed tab: the photo that was uploaded, or is still waiting for signal (the
  // page's photo sender tries it at once).
  useEffect(() => {
    const uploaded = findUploadedPhoto(task.id);
    let cancelled = false;
    void findWaitingPhoto(task.id).then((file) => {
      if (cancelled) return;
      if (uploaded)
        setPhoto((s) =>
          s.status === 'idle' ? { status: 'done', file: file ?? new File([], 'photo.jpg', { type: 'image/jpeg' }), photoUrl: uploaded } : s,
        );
      else if (file) {
        setPhoto((s) => (s.status === 'idle' ? { status: 'waiting', file } : s));
        markPhotoWaiting({ taskId: task.id, roomId, label: task.name });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [roomId, task.id, task.name]);

  // The page's photo sender got a waiting photo through: the card shows it as up.
  const waiting = useSyncExternalStore(subscribeWaitingPhotos, waitingPhotos, waitingPhotos);
  useEffect(() => {
    if (photo.status !== 'waiting' || waiting.some((p) => p.taskId === task.id)) return;
    const photoUrl = findUploadedPhoto(task.id);
    if (photoUrl) {
      setPhoto({ status: 'done', file: photo.file, photoUrl });
      setQueued(Boolean(findCompletionIntent(task.id)));
    }
  }, [photo, setQueued, task.id, waiting]);

  // The server has no usable photo for the completion: ask for it again rather than keep a dead address.
  useEffect(
    () =>
      onOutboxResult((r) => {
        if (!r.ok && r.entry.taskId === task.id && task.requiresPhoto && r.error.code && PHOTO_AGAIN.has(r.error.code))
          setPhoto({ status: 'idle' });
      }),
    [task.id, task.requiresPhoto],
  );

  return { photo, upload, setPhoto };
}

/**
 * A task card's completion: its photo (usePhotoUpload), the notes, and "complete" — sent at once,
 * kept in the outbox without signal, or kept on the phone until a waiting photo is up.
 */
export function useTaskCompletion({
  task,
  roomId,
  workerName,
  pending,
}: {
  task: PublicTask;
  roomId: string;
  workerName: string;
  pending?: OutboxEntry;
}) {
  const { t } = useTranslation('workTasks');
  // What was typed survives a reload and a back and forth (docs/product.md "Working without signal",
  // "It remembers the worker"), until the completion is sent or waits safely on the phone.
  const draftKey = `notes.${roomId}.${task.id}`; // per unit and stage
  const [notes, setNotes] = useState(() => {
    const draft = recallDraft<{ notes: string }>(draftKey);
    return typeof draft?.notes === 'string' ? draft.notes : '';
  });
  useEffect(() => keepDraft(draftKey, notes ? { notes } : null), [draftKey, notes]);
  /** The card stays as it is (its notes are shown, read-only, while the completion waits). */
  const forgetNotes = () => keepDraft(draftKey, null);
  const [sending, setSending] = useState(false);
  /** Completed on the phone, waiting for its photo to go up (survives reloads with the photo). */
  const [queued, setQueued] = useState(() => Boolean(findCompletionIntent(task.id)));
  const { photo, upload, setPhoto } = usePhotoUpload(task, roomId, setQueued);

  const photoReady = !task.requiresPhoto || photo.status === 'done';
  // A photo taken without signal counts: the completion waits on the phone and follows the photo.
  const photoTaken = photoReady || photo.status === 'waiting';
  const busy = sending || !!pending || queued;

  const complete = async () => {
    if (busy) return;
    if (photo.status === 'waiting') {
      keepCompletionIntent(task.id, { notes: notes.trim() || null, workerName, completedAt: new Date().toISOString() });
      forgetNotes(); // they travel with the completion now
      setQueued(true);
      toast({ title: t('outbox.queuedTitle'), description: t('outbox.queued') });
      return;
    }
    if (!photoReady) {
      toast({ title: t('photo.requiredTitle'), description: t('photo.required'), variant: 'destructive' });
      return;
    }
    setSending(true);
    const status = await completeTask(
      roomId,
      task.id,
      { notes: notes.trim() || null, photoUrl: photo.status === 'done' ? photo.photoUrl : null, workerName },
      task.name,
    );
    setSending(false);
    // Sent, or in the outbox (which keeps them across reloads): the draft has done its work.
    if (status !== 'rejected') forgetNotes();
    if (status === 'waiting') toast({ title: t('outbox.queuedTitle'), description: t('outbox.queued') });
  };

  /** When the worker pressed "complete" on a completion that has not left the phone yet (ms). */
  const waitingSince = pending
    ? Date.parse((pending.body as { completedAt?: string }).completedAt ?? '') || pending.createdAt
    : queued
      ? Date.parse(findCompletionIntent(task.id)?.completedAt ?? '') || undefined
      : undefined;

  /**
   * Undo of a completion that has not left the phone (docs/decisions/029-quality-loop.md): it is
   * taken out of the outbox, or its photo and the wish to complete are forgotten — nothing is sent.
   * Not while its request is under way (the card then says "sending" and the server's answer decides).
   */
  const cancel = () => {
    if (pending && !cancelWaiting(pending.key)) return;
    forgetTaskPhoto(task.id);
    forgetCompletedHere(task.id);
    setQueued(false);
    setPhoto({ status: 'idle' });
    toast({ title: t('undo.cancelled'), variant: 'success' });
  };

  return { photo, upload, notes, setNotes, queued, busy, photoTaken, complete, waitingSince, cancel };
}
