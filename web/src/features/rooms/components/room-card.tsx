import type { Room } from '#contract/rooms.ts';
import { unitTypeLabelKey } from '#contract/project-types.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { STATUS_EDGE_CLASS, formatDateTime, normalizeStatus } from '../lib/room-display.ts';
import { RoomStatusLabel, TaskCountBadge } from './room-status.tsx';

/** One unit on the map; a button that opens its details. */
export function RoomCard({ room, onOpen }: { room: Room; onOpen: (room: Room) => void }) {
  const { t, tw, lng, timeZone } = useWording('rooms');
  const status = normalizeStatus(room.status);
  const floor = room.floor === null ? t('card.noFloor') : t('card.floor', { floor: room.floor });
  const last = room.lastCleaned ? formatDateTime(room.lastCleaned, lng, timeZone) : tw('card.never');
  return (
    <button
      type="button"
      onClick={() => onOpen(room)}
      className={`flex h-full min-h-11 w-full min-w-0 flex-col gap-1.5 rounded-lg border border-s-4 border-slate-200 bg-white p-3 text-start shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${STATUS_EDGE_CLASS[status]}`}
      data-testid="room-card"
      data-room-id={room.id}
    >
      <span className="flex w-full items-start justify-between gap-2">
        <span className="min-w-0 break-words text-lg font-bold leading-tight text-slate-900" dir="auto">
          {room.number}
        </span>
        <TaskCountBadge completed={room.completedTasksToday} total={room.totalTasksToday} />
      </span>
      <span className="text-xs text-slate-700">
        {floor} · {t(unitTypeLabelKey(room.type), { defaultValue: room.type })}
      </span>
      <RoomStatusLabel status={status} className="text-sm font-medium text-slate-800" />
      <span className="text-xs text-slate-700">
        <span className="block">{tw('card.lastDone')}</span>
        <span className="block font-medium text-slate-800">{last}</span>
        {room.lastCleanedBy && (
          <span className="block break-words" dir="auto">
            {room.lastCleanedBy}
          </span>
        )}
      </span>
    </button>
  );
}
