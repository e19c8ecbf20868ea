import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import type { ApiErrorBody } from '#contract/errors.ts';

/** Seconds a client is asked to wait (Retry-After) when the server is going away or the database is down. */
export const RETRY_AFTER_SECONDS = 5;
/** A shutdown that takes longer than this (a hung request, a stuck database) ends the process anyway. */
export const SHUTDOWN_HARD_LIMIT_MS = 10_000;

/** During shutdown, stop listening once no new connection came for this long… */
const DRAIN_QUIET_MS = 200;
/** …or after this long at most (clients that retry at once, ignoring Retry-After, would keep it open). */
const DRAIN_LIMIT_MS = 2_000;
/** Once the listener is closed, a connection that has sent no request for this long is closed (a client that went silent). */
const FRESH_GRACE_MS = 2_000;
/** How often the drain looks; a look that comes over 100 ms after the one before means the process did not run meanwhile. */
const TICK_MS = 25;
const LATE_TICK_MS = 2 * TICK_MS + 50;

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a few seconds.';

/** What a shutdown did with the connections it found (logged by the caller). */
export interface ShutdownReport {
  /** Requests that arrived during the shutdown and were answered 503. */
  refused: number;
  /** Connections that had sent no request by the end of the grace period, closed unanswered. */
  silentClosed: number;
  /**
   * Kept-alive connections closed between two requests once the drain was over. A client that sent a
   * request on one at that very moment saw a reset: HTTP/1.1 has no way round it but the client's retry.
   */
  keptAliveClosed: number;
  /** Looks of the drain that came late: the process did not run for a while (a loaded machine). */
  lateTicks: number;
}

/**
 * Sits in front of the app's request handler so a shutdown never resets a request
 * (docs/decisions/010-crash-safety.md): once `close()` is called, requests already being handled
 * finish (their responses say `Connection: close`), any request that arrives afterwards — also on
 * a kept-alive socket — is answered 503 + Retry-After + `Connection: close`, kept-alive sockets
 * between two requests are closed at once instead of after the keep-alive timeout, and the listener
 * is closed without cutting the connections it has just accepted.
 */
export function shutdownGate(server: Server) {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const report: ShutdownReport = { refused: 0, silentClosed: 0, keptAliveClosed: 0, lateTicks: 0 };

  // Connections already in the kernel's accept queue when the listener closes are reset, and so is a
  // request sent on a kept-alive socket as it is closed: keep listening and keep those sockets (each
  // request answered 503 + `Connection: close`) until no connection and no request has come for a
  // moment, within a bound.
  let lastActivity = 0;
  // Requests in progress per socket, and whether it has served one (a kept-alive socket).
  const sockets = new Map<Socket, { active: number; served: boolean }>();
  server.on('connection', (socket: Socket) => {
    lastActivity = Date.now();
    sockets.set(socket, { active: 0, served: false });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = sockets.get(req.socket);
    if (state) {
      // Neither silent nor idle while its response is under way (a 503 too: not cut as silent).
      state.active += 1;
      res.once('close', () => {
        state.active -= 1;
        state.served = true;
      });
    }
    if (closing) {
      lastActivity = Date.now();
      report.refused += 1;
      const body = JSON.stringify({ code: 'shutting_down', message: SHUTTING_DOWN_MESSAGE } satisfies ApiErrorBody);
      res.shouldKeepAlive = false;
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'retry-after': String(RETRY_AFTER_SECONDS),
        connection: 'close',
      });
      res.end(body);
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    for (const handler of handlers) handler.call(server, req, res);
  });

  // Node's own list of connections knows which ones are between two requests (no request bytes
  // received since the last response); it is not public, so without it only our counts decide.
  const betweenRequests = (): Set<Socket> | undefined => {
    // Looked up each time: Node creates the list only once the server listens.
    const kConnections = Object.getOwnPropertySymbols(server).find((sym) => sym.description === 'http.server.connections');
    const list = kConnections && (server as unknown as Record<symbol, { idle?: () => { socket?: Socket }[] }>)[kConnections];
    if (!list || typeof list.idle !== 'function') return undefined;
    return new Set(list.idle().flatMap((parser) => (parser.socket ? [parser.socket] : [])));
  };
  const closeKeptAlive = (socket: Socket | null, idle = betweenRequests()) => {
    const state = socket && sockets.get(socket);
    if (!state || !state.served || state.active > 0 || (idle && !idle.has(socket))) return false;
    socket.destroy();
    return true;
  };
  /**
   * Looks every TICK_MS until `done()`, for `limitMs` of the clock at most. A machine too loaded to run
   * the process (CI at a load average of 20 left it out for seconds) lets the clock run on while
   * connections wait in the kernel, unread: after a late look one more is taken, with a poll phase in
   * between that reads them, before `done()` is asked or the limit ends the wait (20 late looks at most).
   */
  const waitRunning = async (limitMs: number, done: () => boolean) => {
    const until = Date.now() + limitMs;
    let last = Date.now();
    let late = false;
    while (Date.now() < until || late) {
      if (!late && done()) return;
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
      const now = Date.now();
      late = now - last > LATE_TICK_MS;
      if (late) report.lateTicks += 1;
      last = now;
      if (report.lateTicks > 20) return;
    }
  };
  const quiet = () => waitRunning(DRAIN_LIMIT_MS, () => Date.now() - lastActivity >= DRAIN_QUIET_MS);
  // Connections accepted but whose request has not been read yet (the loop was busy).
  const fresh = () => [...sockets].filter(([, s]) => !s.served && s.active === 0).map(([socket]) => socket);
  const stopListening = async () => {
    // Right after a poll phase, so connections the kernel completed meanwhile have just been accepted:
    // closing the listener resets those still in its queue.
    await new Promise((resolve) => setImmediate(resolve));
    // net.Server's close, not http.Server's: that one also closes every connection with no request in
    // progress — a connection just accepted whose request is still unread among them, a reset
    // (what the crew saw at a SIGTERM under load). Those get their 503 instead; a silent one is closed
    // after a moment. The app's own close afterwards finds only connections that end by themselves.
    if (server.listening) net.Server.prototype.close.call(server);
    await waitRunning(FRESH_GRACE_MS, () => fresh().length === 0);
    // One more poll phase: a request that reached the kernel since the last one is read and answered
    // (503) rather than reset by closing its socket with the bytes unread.
    await new Promise((resolve) => setImmediate(resolve));
    for (const socket of fresh()) {
      report.silentClosed += 1;
      socket.destroy();
    }
    // Kept-alive sockets still between two requests: their clients sent nothing during the whole drain.
    await new Promise((resolve) => setImmediate(resolve));
    const idle = betweenRequests();
    for (const socket of sockets.keys()) if (closeKeptAlive(socket, idle)) report.keptAliveClosed += 1;
  };

  return {
    get closing() {
      return closing;
    },
    /**
     * Starts refusing. Resolves once the requests in progress are answered; the caller then closes
     * the server. Until then the listener stays open on purpose: a connection that arrives meanwhile
     * gets a 503 too, where closing the listener first would reset every connection still waiting in
     * the kernel's accept queue (what clients under load saw as ECONNRESET).
     */
    close(): Promise<ShutdownReport> {
      if (closing) return Promise.resolve(report);
      closing = true;
      // Connections still waiting to be accepted are served (503) during at least one quiet period.
      lastActivity = Date.now();
      const waits: Promise<void>[] = [];
      for (const res of inFlight) {
        if (!res.headersSent) {
          // Not started yet: it says `Connection: close`, so its socket closes right after it.
          res.shouldKeepAlive = false;
          waits.push(new Promise((resolve) => res.once('close', () => resolve())));
        } else {
          // Already streaming (live updates, a download): it cannot say so any more; the server's own
          // close ends it or waits for it. Once done its socket is idle: close it then.
          res.once('close', () => setImmediate(() => closeKeptAlive(res.socket)));
        }
      }
      // Kept-alive sockets between two requests are not closed now: a request their client sends at
      // this very moment would be reset. Each request on them gets its 503 and `Connection: close`;
      // those still idle after the quiet period close with the listener (not after the keep-alive
      // timeout). Not Node's closeIdleConnections() either: it also cuts connections just accepted
      // whose request has not been read yet.
      return Promise.all(waits)
        .then(() => quiet())
        .then(() => stopListening())
        .then(() => report);
    },
  };
}
