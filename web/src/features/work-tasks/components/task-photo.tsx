import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CameraIcon, CheckIcon, ImageIcon, NoSignalIcon, RefreshIcon, WarningIcon } from '#web/components/ui/icons.tsx';
import { photoErrorText, photoRemedy } from '#web/lib/photo-upload.ts';
import type { PhotoState } from '../lib/use-task-completion.ts';
import { LoadFailed, lazyOr } from '#web/components/ui/load-failed.tsx';

// The dialog (and Radix Dialog) is not in the page's first download; the page fetches it when idle.
const loadPhotoDialog = () => import('./photo-dialog.tsx').then((m) => ({ default: m.PhotoDialog }));
const PhotoDialog = lazyOr(loadPhotoDialog, LoadFailed);

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

/** Preparing or uploading: what is happening, with a progress bar. */
function PhotoProgress({ photo }: { photo: PhotoState }) {
  const { t } = useTranslation('workTasks');
  const percent = photo.status === 'uploading' ? photo.percent : 0;
  return (
    <div className="space-y-1" role="status">
      <p className="text-sm font-medium text-slate-800">
        {photo.status === 'compressing' ? t('photo.preparing') : t('photo.uploading', { percent })}
      </p>
      <div
        role="progressbar"
        aria-label={t('photo.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Uploaded, waiting for signal, or failed: why, and the one way on that can work — another photo
 * when another file can fix it, "try again" only when the same photo can still go through
 * (docs/product.md "Working without signal", "Honest photo errors").
 */
function PhotoStatus({
  photo,
  onRetry,
  onChooseAnother,
}: {
  photo: PhotoState;
  onRetry: (file: File) => void;
  onChooseAnother: () => void;
}) {
  const { t } = useTranslation('workTasks');
  if (photo.status === 'done') {
    return (
      <p className="flex items-center gap-2 font-semibold text-emerald-800" role="status">
        <CheckIcon /> {t('photo.uploaded')}
      </p>
    );
  }
  if (photo.status === 'waiting') {
    return (
      <p className="flex items-center gap-2 font-semibold text-amber-800" role="status">
        <NoSignalIcon /> {t('photo.waiting')}
      </p>
    );
  }
  if (photo.status !== 'error') return null;
  const another = photoRemedy(photo.error) === 'chooseAnother';
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 font-semibold text-red-800" role="alert">
        <WarningIcon /> {photoErrorText(t, photo.error)}
      </p>
      {another ? (
        <Button onClick={onChooseAnother} className="min-h-14 w-full text-base">
          <ImageIcon /> {t('photoCheck.chooseAnother')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => onRetry(photo.file)} className="min-h-12 w-full text-base">
          <RefreshIcon /> {t('photo.retry')}
        </Button>
      )}
    </div>
  );
}

/** The photo part of an open task card: preview, progress or status, and "add / change photo". */
export function TaskPhoto({
  photo,
  busy,
  onPicked,
  onRetry,
}: {
  photo: PhotoState;
  busy: boolean;
  onPicked: (file: File) => void;
  onRetry: (file: File) => void;
}) {
  const { t } = useTranslation('workTasks');
  const [dialogOpen, setDialogOpen] = useState(false);
  const preview = usePreviewUrl(photo.status === 'idle' ? undefined : photo.file);
  // After a refusal another file can fix, the status offers "choose another photo" instead.
  const canPick = photo.status === 'idle' || photo.status === 'done' || (photo.status === 'error' && photoRemedy(photo.error) === 'retry');
  return (
    <section className="space-y-2" aria-label={t('photo.sectionLabel')}>
      {preview && <img src={preview} alt={t('photo.previewAlt')} className="max-h-48 w-full rounded-lg object-contain bg-slate-100" />}
      {(photo.status === 'compressing' || photo.status === 'uploading') && <PhotoProgress photo={photo} />}
      <PhotoStatus photo={photo} onRetry={onRetry} onChooseAnother={() => setDialogOpen(true)} />
      {canPick && (
        <Button
          variant={photo.status === 'done' ? 'secondary' : 'primary'}
          onClick={() => setDialogOpen(true)}
          className="min-h-14 w-full text-base"
          disabled={busy}
        >
          <CameraIcon /> {photo.status === 'done' ? t('photo.replace') : t('photo.add')}
        </Button>
      )}
      {dialogOpen && (
        <Suspense fallback={null}>
          <PhotoDialog open onOpenChange={setDialogOpen} onPicked={onPicked} />
        </Suspense>
      )}
    </section>
  );
}
