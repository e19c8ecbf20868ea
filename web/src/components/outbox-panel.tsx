import { useId, useState, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../lib/i18n-react.tsx';
import { errorText } from '../lib/error-text.ts';
import {
  dismissRefused,
  outboxEntries,
  outboxRefused,
  refusalError,
  subscribeOutbox,
  type OutboxEntry,
  type RefusedEntry,
} from '../lib/outbox.ts';
import { subscribeWaitingPhotos, waitingPhotos, type WaitingPhoto } from '../lib/offline-photos.ts';
import { ChevronIcon, NoSignalIcon, WarningIcon } from './ui/icons.tsx';

/** One line of the list: what it is (in the worker's words), and the name or number it is about. */
function What({ t, kind, label }: { t: TFunction; kind: OutboxEntry['kind'] | 'photo'; label?: string }) {
  return (
    <span className="font-semibold text-slate-900">
      {t(`offline.kind.${kind}`)}
      {label ? (
        <>
          {' '}
          <bdi>{label}</bdi>
        </>
      ) : null}
    </span>
  );
}

function WaitingItem({ t, entry }: { t: TFunction; entry: OutboxEntry }) {
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <What t={t} kind={entry.kind} label={entry.label} />
      <span className="text-sm text-slate-700">
        {t(entry.sending || !entry.waiting ? 'offline.state.sending' : 'offline.state.waiting')}
      </span>
    </li>
  );
}

function PhotoItem({ t, photo }: { t: TFunction; photo: WaitingPhoto }) {
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <What t={t} kind="photo" label={photo.label} />
      <span className="text-sm text-slate-700">{t(photo.sending ? 'offline.state.sending' : 'offline.state.waiting')}</span>
    </li>
  );
}

function RefusedItem({ t, refused }: { t: TFunction; refused: RefusedEntry }) {
  return (
    <li className="flex items-center gap-3 py-2" data-testid="outbox-refused">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <What t={t} kind={refused.entry.kind} label={refused.entry.label} />
        <span className="text-sm font-semibold text-red-800">
          {t('offline.state.refused', { reason: errorText(t, refusalError(refused), t('offline.refusedOther')) })}
        </span>
      </div>
      <button
        type="button"
        onClick={() => dismissRefused(refused.entry.key)}
        className="min-h-12 min-w-12 rounded-md border border-slate-300 bg-white px-3 font-semibold text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
      >
        {t('offline.dismiss')}
      </button>
    </li>
  );
}

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
        <ul id={listId} className="max-h-[50dvh] divide-y divide-slate-200 overflow-y-auto px-4 pb-2">
          {refused.map((r) => (
            <RefusedItem key={r.entry.key} t={t} refused={r} />
          ))}
          {entries.map((e) => (
            <WaitingItem key={e.key} t={t} entry={e} />
          ))}
          {photos.map((p) => (
            <PhotoItem key={p.taskId} t={t} photo={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
