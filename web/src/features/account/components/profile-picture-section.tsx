import { useRef, useState, type ChangeEvent } from 'react';
import type { User } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ImageIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useRemovePicture, useUploadPicture } from '../api/profile.ts';
import { UnreadablePictureError, encodeSquareJpeg } from '../lib/encode-picture.ts';
import { PICTURE_SIZE } from '../lib/square-crop.ts';

/** The picture, or the initial on a coloured circle as the header shows it. */
function Avatar({ user }: { user: User }) {
  const { t } = useTranslation('account');
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt={t('picture.alt')} className="h-24 w-24 shrink-0 rounded-full object-cover" />;
  }
  const initial = (user.firstName || user.email || user.username).slice(0, 1).toUpperCase();
  return (
    <span
      role="img"
      aria-label={t('picture.none')}
      className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-blue-100 text-4xl font-semibold text-blue-800"
    >
      {initial}
    </span>
  );
}

/**
 * Change or remove one's profile picture (docs/product.md "Your own account"): the browser keeps the
 * centre square of the chosen photo as a 256-pixel JPEG and sends only that; removing asks first.
 */
export function ProfilePictureSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const input = useRef<HTMLInputElement>(null);
  const [encoding, setEncoding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const uploading = encoding || upload.isPending;
  const busy = uploading || remove.isPending;

  const failed = (title: string) => (err: unknown) => {
    if (err instanceof ApiError && err.code === 'unauthorized') return; // the shell reports it and signs out
    const description = err instanceof UnreadablePictureError ? t('picture.unreadable') : errorText(err);
    toast({ title, description, variant: 'destructive' });
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared at once, so choosing the same file again (after a failure) is noticed.
    e.target.value = '';
    if (!file || busy) return;
    setEncoding(true);
    let picture: Blob;
    try {
      picture = await encodeSquareJpeg(file, PICTURE_SIZE);
    } catch (err) {
      failed(t('picture.errorTitle'))(err);
      return;
    } finally {
      setEncoding(false);
    }
    upload.mutate(picture, {
      onSuccess: () => toast({ title: t('picture.changed'), variant: 'success' }),
      onError: failed(t('picture.errorTitle')),
    });
  };

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: t('picture.removed'), variant: 'success' }),
      onError: failed(t('picture.removeErrorTitle')),
      onSettled: () => setConfirming(false),
    });

  return (
    <section aria-labelledby="account-picture" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-picture" className="mb-3 text-lg font-semibold text-slate-900">
        {t('picture.title')}
      </h2>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
        <Avatar user={user} />
        <div className="w-full space-y-2">
          <p className="text-sm text-slate-600">{t('picture.hint')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input ref={input} type="file" accept="image/*" hidden onChange={(e) => void choose(e)} data-testid="picture-input" />
            <Button onClick={() => input.current?.click()} disabled={busy} aria-busy={uploading || undefined}>
              {uploading ? (
                <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              ) : (
                <ImageIcon />
              )}
              {uploading ? t('picture.uploading') : t('picture.change')}
            </Button>
            {user.profileImageUrl && (
              <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
                {t('picture.remove')}
              </Button>
            )}
          </div>
          {uploading && (
            <p role="status" className="text-sm text-slate-700">
              {t('picture.uploading')}
            </p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('picture.removeTitle')}
        description={t('picture.removeBody')}
        confirmLabel={t('picture.remove')}
        pendingLabel={t('picture.removing')}
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </section>
  );
}
