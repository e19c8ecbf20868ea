import type { TFunction } from 'i18next';
import { errorText } from '#web/lib/error-text.ts';
import { dismissRefused, refusalError, type OutboxEntry, type RefusedEntry } from '#web/lib/outbox.ts';
import type { WaitingPhoto } from '#web/lib/offline-photos.ts';

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
 * The opened "N waiting to send": each item and its state. Fetched when the worker opens it (and
 * kept on the phone by the service worker), so the pages' first download carries only the bar.
 */
export default function OutboxList({
  t,
  id,
  entries,
  photos,
  refused,
}: {
  t: TFunction;
  id: string;
  entries: readonly OutboxEntry[];
  photos: readonly WaitingPhoto[];
  refused: readonly RefusedEntry[];
}) {
  return (
    <ul id={id} className="max-h-[50dvh] divide-y divide-slate-200 overflow-y-auto px-4 pb-2">
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
  );
}
