import type { RoomStats } from '#contract/rooms.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { STATUS_DOT_CLASS } from '../lib/room-display.ts';

/** Four tiles: done/clean, in progress, not started/needs cleaning, total. */
export function RoomSummaryTiles({ stats }: { stats: RoomStats | undefined }) {
  const { tw } = useWording('rooms');
  const tiles = [
    { key: 'clean', value: stats?.clean, dot: STATUS_DOT_CLASS.clean },
    { key: 'in_progress', value: stats?.inProgress, dot: STATUS_DOT_CLASS.in_progress },
    { key: 'needs_cleaning', value: stats?.needsCleaning, dot: STATUS_DOT_CLASS.needs_cleaning },
    { key: 'total', value: stats?.total, dot: null },
  ] as const;
  return (
    <section aria-label={tw('summary.label')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid={`tile-${tile.key}`}>
            <dt className="flex items-center gap-1.5 text-sm text-slate-700">
              {tile.dot && <span aria-hidden className={`inline-block h-2.5 w-2.5 rounded-full ${tile.dot}`} />}
              {tw(`summary.${tile.key}`)}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{tile.value ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
