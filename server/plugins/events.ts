import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import pg from 'pg';
import type { LiveEvent, LiveEventType } from '#contract/events.ts';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A manager write route announces this event to its project once it succeeded. */
    liveEvent?: LiveEventType;
  }
}

/**
 * Publishes `config.liveEvent` after a successful signed-in write (one mechanism for every manager route).
 * The hook is attached only to the routes that declare an event: the others (the busy public worker
 * routes among them) don't pay for it. Must run before the routes are registered.
 */
export function registerLiveEventHook(app: FastifyInstance) {
  // onSend, not onResponse: the write is done, and server-side caches (the unit map) must drop the
  // old answer before the client that made the change can ask again.
  const publishLiveEvent: onSendHookHandler = (request, reply, payload, done) => {
    const type = request.routeOptions.config?.liveEvent;
    const auth = request.authCache;
    if (type && reply.statusCode < 300 && auth?.kind === 'user') {
      // Only unit routes carry a unit id in the path (elsewhere :id names a report or a template).
      const unitId = type === 'unit.changed' ? (request.params as { id?: string } | undefined)?.id : undefined;
      app.events.publish({ projectId: auth.projectId, type, unitId });
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.liveEvent) return;
    const own = route.onSend;
    route.onSend = own === undefined ? [publishLiveEvent] : [...(Array.isArray(own) ? own : [own]), publishLiveEvent];
  });
}

export interface ProjectEvent {
  projectId: string;
  type: LiveEventType;
  unitId?: string;
  taskId?: string;
}
type Listener = (event: LiveEvent) => void;
/** Every project's events on this instance; `projectId` is undefined for a `resync` meant for all. */
type AnyListener = (projectId: string | undefined, event: LiveEvent) => void;

/**
 * Live updates for one project's signed-in users. Publishing never fails the request that made the
 * change; an event that cannot be sent turns into a `resync` of its project once sending works again
 * (docs/decisions/006-live-updates.md "Never silently stale").
 */
export interface EventBus {
  publish(event: ProjectEvent): void;
  subscribe(projectId: string, listener: Listener): () => void;
  /** Every event of every project (server-side caches listen here). */
  subscribeAll(listener: AnyListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'shalav_events';
const toLive = (e: ProjectEvent, at = new Date()): LiveEvent => ({
  type: e.type,
  unitId: e.unitId,
  taskId: e.taskId,
  at: at.toISOString(),
});
const ANY = Symbol('any project');
/**
 * The listener tries again this soon after losing its connection, and never waits longer between
 * attempts: live updates return about a second after the database does. A refused connection costs
 * the database nothing; one that hangs is cut by the connect timeout.
 */
export const LISTENER_RETRY_MS = [250, 1_000] as const;
/** A project whose event could not be published is told to refetch, tried again this often. */
export const RESYNC_RETRY_MS = 1_000;

/** Fan-out to this process's subscribers. */
class LocalFanout {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  deliver(projectId: string, event: LiveEvent) {
    // Server-side caches first: a client refetching on the news must not get the old answer.
    this.emitter.emit(ANY, projectId, event);
    this.emitter.emit(projectId, event);
  }
  /** To this instance's server-side listeners only (its own writes, before NOTIFY comes back). */
  deliverToServer(projectId: string, event: LiveEvent) {
    this.emitter.emit(ANY, projectId, event);
  }
  /** To this instance's streams of one project only (its server-side listeners already had it). */
  deliverToClients(projectId: string, event: LiveEvent) {
    this.emitter.emit(projectId, event);
  }
  /** To every subscriber of every project (a resync). */
  deliverToAll(event: LiveEvent) {
    for (const name of this.emitter.eventNames()) if (name !== ANY) this.emitter.emit(name, event);
    this.emitter.emit(ANY, undefined, event);
  }
  subscribe(projectId: string, listener: Listener) {
    this.emitter.on(projectId, listener);
    return () => void this.emitter.off(projectId, listener);
  }
  subscribeAll(listener: AnyListener) {
    this.emitter.on(ANY, listener);
    return () => void this.emitter.off(ANY, listener);
  }
}

/** Embedded mode: one process, so in-process delivery is the whole story. */
export class InProcessEventBus implements EventBus {
  private readonly fanout = new LocalFanout();
  publish(event: ProjectEvent) {
    this.fanout.deliver(event.projectId, toLive(event));
  }
  subscribe(projectId: string, listener: Listener) {
    return this.fanout.subscribe(projectId, listener);
  }
  subscribeAll(listener: AnyListener) {
    return this.fanout.subscribeAll(listener);
  }
  async close() {}
}

/**
 * Server mode: NOTIFY on the database, and every instance LISTENs on its own connection, so an
 * event published by any instance reaches the subscribers of all of them.
 */
export class PostgresEventBus implements EventBus {
  private readonly fanout = new LocalFanout();
  /** Names this instance in its NOTIFYs, so it knows its own when they come back. */
  private readonly instanceId = randomUUID();
  private listener: pg.Client | undefined;
  private closed = false;
  private connectedBefore = false;
  /** Projects whose event could not be published: their streams on every instance must refetch. */
  private readonly resyncDue = new Set<string>();
  private resyncTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly log: (msg: string) => void = () => undefined,
  ) {}

  /** Connects and LISTENs; on failure or a lost connection, tries again (`LISTENER_RETRY_MS`) until closed. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5_000 });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { projectId, event, from } = JSON.parse(msg.payload) as { projectId: string; event: LiveEvent; from?: string };
        // This instance's own event coming back: its caches dropped it when it was published, and
        // dropping them again would throw away an answer computed since (a second computation per write).
        if (from === this.instanceId) this.fanout.deliverToClients(projectId, event);
        else this.fanout.deliver(projectId, event);
      } catch {
        this.log('live updates: unreadable notification ignored');
      }
    });
    client.on('error', (err) => {
      if (this.listener !== client) return;
      this.log(`live updates: listener connection lost (${err.message}); reconnecting`);
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.retry(0);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
      // Whatever was published while the listener was away is lost: every open stream refetches.
      if (this.connectedBefore) this.fanout.deliverToAll({ type: 'resync', at: new Date().toISOString() });
      this.connectedBefore = true;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  private retry(attempt: number) {
    if (this.closed) return;
    setTimeout(
      () => {
        this.start().catch((err: Error) => {
          this.log(`live updates: reconnect failed (${err.message})`);
          this.retry(attempt + 1);
        });
      },
      LISTENER_RETRY_MS[Math.min(attempt, LISTENER_RETRY_MS.length - 1)],
    ).unref();
  }

  publish(event: ProjectEvent) {
    // This instance's caches drop what changed before the request that changed it answers.
    this.fanout.deliverToServer(event.projectId, toLive(event));
    this.notify(event.projectId, toLive(event)).catch((err: Error) => {
      // Every connection busy, or the database away: the event is lost for the other instances. This
      // instance's streams get it now, and every instance's streams of the project a resync once a
      // NOTIFY goes through again — never silently stale.
      this.log(`live updates: publish failed (${err.message}); the project's streams will resync`);
      this.fanout.deliverToClients(event.projectId, toLive(event));
      this.scheduleResync(event.projectId);
    });
  }

  private notify(projectId: string, event: LiveEvent) {
    return this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ projectId, event, from: this.instanceId })]);
  }

  private scheduleResync(projectId: string) {
    this.resyncDue.add(projectId);
    if (this.resyncTimer || this.closed) return;
    this.resyncTimer = setTimeout(() => void this.sendResyncs(), RESYNC_RETRY_MS);
    this.resyncTimer.unref();
  }

  private async sendResyncs() {
    this.resyncTimer = undefined;
    const due = [...this.resyncDue];
    this.resyncDue.clear();
    const failed: string[] = [];
    for (const projectId of due) {
      if (this.closed) return;
      await this.notify(projectId, { type: 'resync', at: new Date().toISOString() }).catch(() => failed.push(projectId));
    }
    for (const projectId of failed) this.scheduleResync(projectId);
  }

  subscribe(projectId: string, listener: Listener) {
    return this.fanout.subscribe(projectId, listener);
  }

  subscribeAll(listener: AnyListener) {
    return this.fanout.subscribeAll(listener);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.resyncTimer);
    await this.listener?.end().catch(() => undefined);
  }
}

export async function createEventBus(database: Database, log?: (msg: string) => void): Promise<EventBus> {
  if (database.kind === 'postgres' && database.pool) {
    const bus = new PostgresEventBus(database.pool, (database.pool.options as { connectionString: string }).connectionString, log);
    await bus.start();
    return bus;
  }
  return new InProcessEventBus();
}
