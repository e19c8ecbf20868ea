import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { Room } from '#contract/rooms.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useRoomStats, useRooms } from '../api/rooms.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { useMayManage } from '#web/lib/queries/session.ts';
import { RoomCard } from '../components/room-card.tsx';
import { RoomDeleteDialog } from '../components/room-delete-dialog.tsx';
import { RoomDetailsDialog } from '../components/room-details-dialog.tsx';
import { NO_FILTERS, RoomFilters, filterRooms, type RoomFilterState } from '../components/room-filters.tsx';
import { RoomFormDialog } from '../components/room-form-dialog.tsx';
import { RoomSummaryTiles } from '../components/room-summary-tiles.tsx';
import { RefreshIcon } from '#web/components/ui/icons.tsx';

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800';

/** The manager's home: every unit of the project with today's progress. */
export default function RoomMapPage() {
  const { t, tw } = useWording('rooms');
  const { t: tc } = useTranslation('common');
  // A worker with an account reads the map; every add, edit and delete is for managers (docs/product.md "Permissions").
  const mayManage = useMayManage();
  const rooms = useRooms();
  const stats = useRoomStats();
  const [filters, setFilters] = useState<RoomFilterState>(NO_FILTERS);
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ open: boolean; room: Room | null }>({ open: false, room: null });
  const [toDelete, setToDelete] = useState<Room | null>(null);

  const all = useMemo(() => rooms.data ?? [], [rooms.data]);
  const shown = useMemo(() => filterRooms(all, filters), [all, filters]);
  // The open card follows the list: a refetch updates it, a delete closes it.
  const openRoom = openId ? (all.find((r) => r.id === openId) ?? null) : null;
  const refreshing = rooms.isFetching || stats.isFetching;

  const refresh = () => {
    void rooms.refetch();
    void stats.refetch();
  };
  const openAdd = () => setForm({ open: true, room: null });

  let body;
  if (rooms.isPending) {
    body = <Loading label={tw('loading')} />;
  } else if (rooms.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-900"
      >
        <p className="font-medium">{tw('errors.fetch')}</p>
        <Button variant="secondary" onClick={() => void rooms.refetch()}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  } else if (all.length === 0) {
    body = (
      <div
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
        data-testid="rooms-empty"
      >
        <p className="text-lg font-semibold text-slate-900">{tw('empty.none')}</p>
        {mayManage && (
          <>
            <p className="max-w-md text-sm text-slate-700">{tw('empty.noneHint')}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Link to="/room-generator" className={linkClass}>
                {tw('empty.createLink')}
              </Link>
              <Button variant="secondary" onClick={openAdd}>
                {tw('header.add')}
              </Button>
            </div>
          </>
        )}
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
        data-testid="rooms-no-match"
      >
        <p className="font-semibold text-slate-900">{tw('empty.noMatch')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
            {t('filters.clear')}
          </Button>
          {mayManage && (
            <Link to="/room-generator" className={linkClass}>
              {tw('empty.createLink')}
            </Link>
          )}
        </div>
      </div>
    );
  } else {
    body = (
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8">
        {shown.map((room) => (
          <li key={room.id} className="min-w-0">
            <RoomCard room={room} onOpen={(r) => setOpenId(r.id)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{tw('title')}</h1>
          {rooms.isSuccess && all.length > 0 && (
            <p className="text-sm text-slate-700" aria-live="polite" data-testid="rooms-count">
              {t('header.shown', { shown: shown.length, total: all.length })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={refresh} disabled={refreshing} aria-busy={refreshing || undefined}>
            <RefreshIcon className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} />
            {refreshing ? t('header.refreshing') : tc('actions.refresh')}
          </Button>
          {mayManage && (
            <Button onClick={openAdd}>
              <span aria-hidden>+</span>
              {tw('header.add')}
            </Button>
          )}
        </div>
      </div>

      <RoomSummaryTiles stats={stats.data} />

      {rooms.isSuccess && all.length > 0 && <RoomFilters rooms={all} value={filters} onChange={setFilters} />}

      {body}

      <RoomDetailsDialog
        room={openRoom}
        onClose={() => setOpenId(null)}
        onEdit={mayManage ? (room) => setForm({ open: true, room }) : undefined}
        onDelete={mayManage ? (room) => setToDelete(room) : undefined}
      />
      <RoomFormDialog open={form.open} room={form.room} onClose={() => setForm({ open: false, room: null })} />
      <RoomDeleteDialog
        room={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          setOpenId(null);
        }}
      />
    </div>
  );
}
