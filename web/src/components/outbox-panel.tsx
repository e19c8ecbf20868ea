import { Suspense, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { outboxEntries, outboxRefused, subscribeOutbox } from '#web/lib/outbox.ts';
import { subscribeWaitingPhotos, waitingPhotos } from '#web/lib/offline-photos.ts';
import { ChevronIcon, NoSignalIcon, WarningIcon } from './ui/icons.tsx';
import { LoadFailed, lazyOr } from './ui/load-failed.tsx';

const OutboxList = lazyOr(() => import('./outbox-list.tsx'), LoadFailed);

/**
 * The worker pages' "N waiting to send" (docs/product.md "Working without signal": nothing waits
 * silently): every write still in the outbox, every photo waiting for signal, and every refusal
 * until the worker dismissed it — including refusals that arrived while another page was open.
 * Hidden when there is nothing to say.
 */
export function OutboxPanel() {
  const { t } = useTranslation(['common', 'errors']);
  const entries = useSyncExternalStore(subscribeOutbox, outboxEntries, outboxEntries);
  const refused = useSyncExternalStore(subscribeOutbox, outboxRefused, outboxRefused);
  const photos = useSyncExternalStore(subscribeWaitingPhotos, waitingPhotos, waitingPhotos);
  const [open, setOpen] = useState(false);
  const listId = useId();

  const waiting = entries.length + photos.length;
  if (waiting === 0 && refused.length === 0) return null;
  const hasRefused = refused.length > 0;

  return (
    <section
      role="status"
      aria-label={t('offline.title')}
      className={`sticky bottom-0 z-30 mt-auto border-t-2 bg-white shadow-lg ${hasRefused ? 'border-red-400' : 'border-amber-400'}`}
      data-testid="outbox-panel"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-12 w-full items-center gap-2 px-4 py-2 text-start font-semibold text-slate-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
      >
        {hasRefused ? <WarningIcon className="h-5 w-5 text-red-700" /> : <NoSignalIcon className="h-5 w-5 text-amber-700" />}
        <span className="flex-1">
          {waiting > 0 && <span>{t('offline.waitingCount', { n: waiting })}</span>}
          {waiting > 0 && hasRefused && ' · '}
          {hasRefused && <span className="text-red-800">{t('offline.refusedCount', { n: refused.length })}</span>}
        </span>
        <ChevronIcon className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <OutboxList t={t} id={listId} entries={entries} photos={photos} refused={refused} />
        </Suspense>
      )}
    </section>
  );
}
