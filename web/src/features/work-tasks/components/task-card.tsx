import { Suspense, lazy, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { PublicTask } from '../../../../../contract/worker.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { completeTask } from '../api/work-tasks.ts';
import { onOutboxResult, type OutboxEntry } from '../../../lib/outbox.ts';
import { PhotoError, compressPhoto, uploadPhoto, type PhotoProblem } from '../lib/photo-upload.ts';
import {
  findCompletionIntent,
  findUploadedPhoto,
  findWaitingPhoto,
  forgetCompletionIntent,
  forgetUploadedPhoto,
  forgetWaitingPhoto,
  keepCompletionIntent,
  keepUploadedPhoto,
  keepWaitingPhoto,
} from '../lib/photo-store.ts';
import { CameraIcon, CheckIcon, ChevronIcon, ClockIcon, NoSignalIcon, WarningIcon } from '../../../components/ui/icons.tsx';

// The dialog (and Radix Dialog) is not in the page's first download; the page fetches it when idle.
const PhotoDialog = lazy(() => import('./photo-dialog.tsx').then((m) => ({ default: m.PhotoDialog })));

type PhotoState =
  | { status: 'idle' }
  | { status: 'compressing'; file: File }
  | { status: 'uploading'; file: File; percent: number }
  | { status: 'done'; file: File; photoUrl: string }
  | { status: 'waiting'; file: File }
  | { status: 'error'; file: File; problem: PhotoProblem };

/** While there is no signal, a waiting photo is tried again this often (and at once when online). */
const PHOTO_RETRY_MS = 15_000;

/** The task's name and description in the worker's language when the project translated them. */
export function localized(task: PublicTask, lng: string) {
  const tr = task.translations?.[lng];
  return { name: tr?.name || task.name, description: tr?.description || task.description };
}

function usePreviewUrl(file: File | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || file.size === 0 || typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file);
    const tm = setTimeout(() => setUrl(u), 0);
    return () => {
      clearTimeout(tm);
      URL.revokeObjectURL(u);
      setUrl(undefined);
    };
  }, [file]);
  return url;
}

export function TaskCard({
  task,
  index,
  expanded,
  onToggle,
  roomId,
  workerName,
  pending,
}: {
  task: PublicTask;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  roomId: string;
  workerName: string;
  /** The completion waiting in the outbox for this task, if any. */
  pending?: OutboxEntry;
}) {
  const { t, i18n } = useTranslation('workTasks');
  const panelId = useId();
  const notesId = useId();
  const { name, description } = localized(task, i18n.language);
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState<PhotoState>({ status: 'idle' });
  const [dialogOpen, setDialogOpen] = useState(false);
  const [sending, setSending] = useState(false);
  /** Completed on the phone, waiting for its photo to go up (survives reloads with the photo). */
  const [queued, setQueued] = useState(() => Boolean(findCompletionIntent(task.id)));
  const preview = usePreviewUrl(photo.status === 'idle' ? undefined : photo.file);

  const upload = useCallback(
    async (file: File, compressed: boolean) => {
      let ready = file;
      if (!compressed) {
        setPhoto({ status: 'compressing', file });
        try {
          ready = await compressPhoto(file);
        } catch (err) {
          const problem = err instanceof PhotoError ? err.problem : 'rejected';
          setPhoto({ status: 'error', file, problem });
          toast({ title: t(`photo.errors.${problem}`), variant: 'destructive' });
          return;
        }
      }
      setPhoto({ status: 'uploading', file: ready, percent: 0 });
      try {
        const photoUrl = await uploadPhoto(roomId, ready, (percent) => setPhoto((s) => (s.status === 'uploading' ? { ...s, percent } : s)));
        setPhoto({ status: 'done', file: ready, photoUrl });
        keepUploadedPhoto(task.id, photoUrl);
        void forgetWaitingPhoto(task.id);
        // The worker already pressed "complete" while the photo waited for signal: finish it now.
        const intent = findCompletionIntent(task.id);
        if (intent) {
          forgetCompletionIntent(task.id);
          setQueued(false);
          void completeTask(roomId, task.id, { notes: intent.notes, photoUrl, workerName: intent.workerName });
        }
        toast({ title: t('photo.uploaded'), variant: 'success' });
      } catch (err) {
        const problem = err instanceof PhotoError ? err.problem : 'network';
        if (problem === 'network') {
          setPhoto({ status: 'waiting', file: ready });
          void keepWaitingPhoto(task.id, ready);
          return;
        }
        setPhoto({ status: 'error', file: ready, problem });
        toast({ title: t(`photo.errors.${problem}`), variant: 'destructive' });
      }
    },
    [roomId, t, task.id],
  );

  // After a reload or a closed tab: the photo that was uploaded, or is still waiting for signal.
  useEffect(() => {
    if (task.isCompleted) {
      forgetUploadedPhoto(task.id);
      forgetCompletionIntent(task.id);
      void forgetWaitingPhoto(task.id);
      return;
    }
    const uploaded = findUploadedPhoto(task.id);
    let cancelled = false;
    void findWaitingPhoto(task.id).then((file) => {
      if (cancelled) return;
      if (uploaded) setPhoto((s) => (s.status === 'idle' ? { status: 'done', file: file ?? new File([], 'photo.jpg', { type: 'image/jpeg' }), photoUrl: uploaded } : s));
      else if (file) void upload(file, true); // try at once: the signal may be back
    });
    return () => {
      cancelled = true;
    };
  }, [task.id, task.isCompleted, upload]);

  // A photo that met no signal goes again by itself: when the phone is back online, and every 15 s.
  useEffect(() => {
    if (photo.status !== 'waiting') return;
    const file = photo.file;
    const again = () => void upload(file, true);
    window.addEventListener('online', again);
    const tm = setTimeout(again, PHOTO_RETRY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearTimeout(tm);
    };
  }, [photo, upload]);

  // The server no longer knows the photo (400): ask for it again rather than keep a dead address.
  useEffect(
    () =>
      onOutboxResult((r) => {
        if (!r.ok && r.entry.taskId === task.id && r.error.status === 400 && task.requiresPhoto) setPhoto({ status: 'idle' });
      }),
    [task.id, task.requiresPhoto],
  );

  const photoReady = !task.requiresPhoto || photo.status === 'done';
  // A photo taken without signal counts: the completion waits on the phone and follows the photo.
  const photoTaken = photoReady || photo.status === 'waiting';
  const busy = sending || !!pending || queued;

  const complete = async () => {
    if (busy) return;
    if (photo.status === 'waiting') {
      keepCompletionIntent(task.id, { notes: notes.trim() || null, workerName });
      setQueued(true);
      toast({ title: t('outbox.queuedTitle'), description: t('outbox.queued') });
      return;
    }
    if (!photoReady) {
      toast({ title: t('photo.requiredTitle'), description: t('photo.required'), variant: 'destructive' });
      return;
    }
    setSending(true);
    const status = await completeTask(roomId, task.id, {
      notes: notes.trim() || null,
      photoUrl: photo.status === 'done' ? photo.photoUrl : null,
      workerName,
    });
    setSending(false);
    if (status === 'waiting') toast({ title: t('outbox.queuedTitle'), description: t('outbox.queued') });
  };

  const minutes = (
    <span className="inline-flex items-center gap-1">
      <ClockIcon className="h-4 w-4" />
      {t('task.minutes', { minutes: task.estimatedMinutes })}
    </span>
  );
  const cameraMark = task.requiresPhoto && (
    <span className="inline-flex items-center gap-1" title={t('task.photoRequired')}>
      <CameraIcon className="h-4 w-4" />
      <span>{t('task.photoRequired')}</span>
    </span>
  );

  if (task.isCompleted) {
    return (
      <li data-testid="task-card" data-completed="true" className="rounded-xl border-2 border-emerald-600 bg-emerald-50 p-3 text-emerald-900">
        <div className="flex items-start gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white" aria-hidden>
            <CheckIcon />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words line-through">
              <span className="sr-only">{t('task.numberLabel', { n: index + 1 })} </span>
              {name}
            </p>
            {description && <p className="text-sm break-words line-through">{description}</p>}
            <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm font-medium">
              <span className="inline-flex items-center gap-1">
                <CheckIcon className="h-4 w-4" />
                {task.workerName ? t('task.doneBy', { name: task.workerName }) : t('task.done')}
              </span>
            </p>
          </div>
        </div>
      </li>
    );
  }

  return (
    <li data-testid="task-card" data-completed="false" className={`rounded-xl border-2 bg-white ${expanded ? 'border-blue-600 shadow-md' : 'border-slate-300'}`}>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={panelId}
        className="flex min-h-16 w-full items-start gap-3 rounded-xl p-3 text-start focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
      >
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-800 font-bold text-white" aria-hidden>
          {index + 1}
        </span>
        <span className="min-w-0 flex-1">
          <span className="sr-only">{t('task.numberLabel', { n: index + 1 })} </span>
          <span className="block font-semibold break-words text-slate-900">{name}</span>
          {description && <span className="block text-sm break-words text-slate-700">{description}</span>}
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            {minutes}
            {cameraMark}
          </span>
          {queued && !pending && (
            <span className="mt-2 flex items-center gap-2 text-sm font-semibold text-amber-800" role="status">
              <NoSignalIcon className="h-4 w-4" />
              {t('outbox.waiting')}
            </span>
          )}
          {pending && (
            <span className={`mt-2 flex items-center gap-2 text-sm font-semibold ${pending.waiting ? 'text-amber-800' : 'text-blue-800'}`} role="status">
              {pending.waiting ? <NoSignalIcon className="h-4 w-4" /> : <ClockIcon className="h-4 w-4" />}
              {pending.waiting ? t('outbox.waiting') : t('task.sending')}
            </span>
          )}
        </span>
        <ChevronIcon className={`mt-2 h-6 w-6 text-slate-600 transition-transform ${expanded ? 'rotate-180' : ''}`} />
      </button>

      {expanded && (
        <div id={panelId} className="space-y-4 border-t border-slate-200 p-3">
          {task.requiresPhoto && (
            <section className="space-y-2" aria-label={t('photo.sectionLabel')}>
              {preview && <img src={preview} alt={t('photo.previewAlt')} className="max-h-48 w-full rounded-lg object-contain bg-slate-100" />}
              {(photo.status === 'compressing' || photo.status === 'uploading') && (
                <div className="space-y-1" role="status">
                  <p className="text-sm font-medium text-slate-800">
                    {photo.status === 'compressing' ? t('photo.preparing') : t('photo.uploading', { percent: photo.percent })}
                  </p>
                  <div
                    role="progressbar"
                    aria-label={t('photo.progressLabel')}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={photo.status === 'uploading' ? photo.percent : 0}
                    className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
                  >
                    <div className="h-full bg-blue-700 transition-all" style={{ width: `${photo.status === 'uploading' ? photo.percent : 0}%` }} />
                  </div>
                </div>
              )}
              {photo.status === 'done' && (
                <p className="flex items-center gap-2 font-semibold text-emerald-800" role="status">
                  <CheckIcon /> {t('photo.uploaded')}
                </p>
              )}
              {photo.status === 'waiting' && (
                <p className="flex items-center gap-2 font-semibold text-amber-800" role="status">
                  <NoSignalIcon /> {t('photo.waiting')}
                </p>
              )}
              {photo.status === 'error' && (
                <div className="flex flex-wrap items-center gap-2">
                  <p className="flex flex-1 items-center gap-2 font-semibold text-red-800" role="alert">
                    <WarningIcon /> {t(`photo.errors.${photo.problem}`)}
                  </p>
                  {photo.problem !== 'notImage' && photo.problem !== 'tooLarge' && (
                    <Button variant="secondary" onClick={() => void upload(photo.file, true)}>
                      {t('photo.retry')}
                    </Button>
                  )}
                </div>
              )}
              {(photo.status === 'idle' || photo.status === 'done' || photo.status === 'error') && (
                <Button variant={photo.status === 'done' ? 'secondary' : 'primary'} onClick={() => setDialogOpen(true)} className="min-h-14 w-full text-base" disabled={busy}>
                  <CameraIcon /> {photo.status === 'done' ? t('photo.replace') : t('photo.add')}
                </Button>
              )}
              {dialogOpen && (
                <Suspense fallback={null}>
                  <PhotoDialog open onOpenChange={setDialogOpen} onPicked={(file) => void upload(file, false)} />
                </Suspense>
              )}
            </section>
          )}

          <div className="space-y-1">
            <label htmlFor={notesId} className="block text-sm font-medium text-slate-800">
              {t('task.notes')}
            </label>
            <textarea
              id={notesId}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={2000}
              rows={2}
              disabled={busy}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            />
          </div>

          {!photoTaken && (
            <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
              <CameraIcon className="h-4 w-4" /> {t('photo.firstHint')}
            </p>
          )}
          <Button
            onClick={() => void complete()}
            disabled={busy}
            aria-disabled={!photoTaken || busy}
            className={`min-h-14 w-full text-base ${photoTaken ? '' : 'cursor-not-allowed opacity-60'}`}
          >
            <CheckIcon /> {busy ? t('task.sending') : t('task.complete')}
          </Button>
        </div>
      )}
    </li>
  );
}
