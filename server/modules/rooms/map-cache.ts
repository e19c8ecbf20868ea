import { setImmediate } from 'node:timers/promises';
import type { Room } from '../../../contract/rooms.ts';
import { clientGone } from '../../lib/errors.ts';
import type { EventBus } from '../../plugins/events.ts';

/** A write whose event never arrived (a failed NOTIFY) is on every map after this long at most. */
export const MAP_CACHE_TTL_MS = 30_000;
/** Projects whose map is kept; the least recently computed goes first. */
const MAX_PROJECTS = 500;

interface Entry {
  date: string;
  at: number;
  rooms: Promise<Room[]>;
}

/**
 * Each project's unit map for its local day, computed once per change and shared by every screen
 * that asks (docs/decisions/016-live-updates-without-storms.md). Every write that changes the map
 * publishes a live event; the cache listens to all of them (from every instance, through the event
 * bus) and drops the project's map, and a `resync` drops all. Requests that arrive while the map
 * is being computed wait for that computation instead of starting their own.
 */
export class MapCache {
  private readonly entries = new Map<string, Entry>();
  private readonly unsubscribe: () => void;

  constructor(events: EventBus) {
    this.unsubscribe = events.subscribeAll((projectId) => {
      if (projectId === undefined) this.entries.clear();
      else this.entries.delete(projectId);
    });
  }

  /**
   * The project's map for `date`. On a miss, `gone` is asked once the waiting I/O has been read (on
   * the embedded database a request's statements run back to back, so a client's goodbye would
   * otherwise be read only after the map was computed): a client that has left gets no map computed.
   */
  async get(projectId: string, date: string, compute: () => Promise<Room[]>, gone: () => boolean = () => false): Promise<Room[]> {
    const cached = this.fresh(projectId, date);
    if (cached) return cached;
    await setImmediate();
    if (gone()) throw clientGone();
    return this.fresh(projectId, date) ?? this.start(projectId, date, compute);
  }

  private fresh(projectId: string, date: string): Promise<Room[]> | undefined {
    const hit = this.entries.get(projectId);
    return hit && hit.date === date && Date.now() - hit.at < MAP_CACHE_TTL_MS ? hit.rooms : undefined;
  }

  private start(projectId: string, date: string, compute: () => Promise<Room[]>): Promise<Room[]> {
    const rooms = compute();
    const entry = { date, at: Date.now(), rooms };
    this.entries.delete(projectId);
    this.entries.set(projectId, entry);
    if (this.entries.size > MAX_PROJECTS) this.entries.delete(this.entries.keys().next().value!);
    // A failed computation is not kept: the next request tries again.
    rooms.catch(() => {
      if (this.entries.get(projectId) === entry) this.entries.delete(projectId);
    });
    return rooms;
  }

  close() {
    this.unsubscribe();
    this.entries.clear();
  }
}
