import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import type { ReviewItem } from '#contract/reviews.ts';
import { safePhoto } from '#web/lib/photo-address.ts';

/** The completion's photo: a thumbnail (or, on a phone, a large picture) that opens it full size. */
export function ReviewPhoto({ item, large = false }: { item: ReviewItem; large?: boolean }) {
  const { t } = useTranslation('review');
  const [open, setOpen] = useState(false);
  const photo = safePhoto(item.photoUrl);
  const alt = t('photo.alt', { task: item.taskName, unit: item.unitNumber });
  if (!photo)
    return (
      <div
        className={`flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-center text-xs text-slate-600 ${large ? 'h-48 w-full' : 'h-20 w-20'}`}
      >
        {t('photo.none')}
      </div>
    );
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('photo.open', { task: item.taskName, unit: item.unitNumber })}
        className={`block shrink-0 overflow-hidden rounded-lg bg-slate-100 ${large ? 'w-full' : 'h-20 w-20'}`}
      >
        <img src={photo} alt={alt} loading="lazy" className={large ? 'max-h-[55vh] w-full object-contain' : 'h-20 w-20 object-cover'} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={item.taskName} wide>
        <img src={photo} alt={alt} className="max-h-[75vh] w-full object-contain" />
      </Dialog>
    </>
  );
}
