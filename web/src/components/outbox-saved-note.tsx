import { useTranslation } from '#web/lib/i18n-react.tsx';
import { formatSavedAt } from '#web/lib/offline-store.ts';
import { NoSignalIcon } from './ui/icons.tsx';

/**
 * Says that what the page shows is the copy saved on this phone, and from when (docs/product.md
 * "Working without signal"); with its date when not from today — a day's tasks may have changed.
 */
export function OutboxSavedNote({ at }: { at: number }) {
  const { t, i18n } = useTranslation('common');
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
      data-testid="saved-as-of"
    >
      <NoSignalIcon className="h-5 w-5 shrink-0" />
      <span>{t('offline.asOf', { time: formatSavedAt(at, i18n.language) })}</span>
    </p>
  );
}
