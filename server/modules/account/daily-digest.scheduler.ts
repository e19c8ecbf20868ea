/**
 * The in-process run of the daily e-mail (docs/decisions/031-daily-digest.md): every
 * DIGEST_CHECK_MINUTES, never overlapping itself. Every instance may run it: the claim row of each
 * e-mail keeps two runs from sending it twice. Stops with the app.
 */
import type { FastifyInstance } from 'fastify';
import { loggableError } from '../../plugins/errors.ts';
import { runDailyDigest } from './daily-digest.service.ts';

/** How often the server looks for e-mails that are due; the first goes out within this after DAILY_DIGEST_HOUR. */
export const DIGEST_CHECK_MINUTES = 10;

export interface DigestScheduler {
  stop(): Promise<void>;
}

export function startDigestScheduler(
  app: FastifyInstance,
  intervalMs = DIGEST_CHECK_MINUTES * 60_000,
  firstDelayMs = 30_000,
): DigestScheduler {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = async () => {
    try {
      const result = await runDailyDigest(app);
      const idle = result.sent + result.empty + result.failed === 0;
      app.log[idle ? 'debug' : 'info'](result, 'daily e-mail run');
    } catch (err) {
      app.log.error({ err: loggableError(err) }, 'daily e-mail run failed');
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(firstDelayMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
