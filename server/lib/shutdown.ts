import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Seconds a client is asked to wait (Retry-After) when the server is going away or the database is down. */
export const RETRY_AFTER_SECONDS = 5;
/** A shutdown that takes longer than this (a hung request, a stuck database) ends the process anyway. */
export const SHUTDOWN_HARD_LIMIT_MS = 10_000;

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a few seconds.';

/**
 * Sits in front of the app's request handler so a shutdown never resets a request
 * (docs/decisions/010-crash-safety.md): once `close()` is called, requests already being handled
 * finish (their responses say `Connection: close`), any request that arrives afterwards — also on
 * a kept-alive socket — is answered 503 + Retry-After + `Connection: close`, and sockets with no
 * request in progress are closed at once instead of after the keep-alive timeout.
 */
export function shutdownGate(server: Server) {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      const body = JSON.stringify({ message: SHUTTING_DOWN_MESSAGE });
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

  return {
    get closing() {
      return closing;
    },
    /** Starts refusing; returns at once (the caller then closes the server and waits). */
    close() {
      if (closing) return;
      closing = true;
      // Responses not yet started close their socket when done; started ones end their socket below.
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      server.closeIdleConnections();
      // A socket whose request finishes during shutdown becomes idle: close it then, not in 72 s.
      sweep = setInterval(() => server.closeIdleConnections(), 100);
      sweep.unref();
      server.once('close', () => clearInterval(sweep));
    },
  };
}
