/**
 * The in-process billing run (docs/decisions/020-billing-engine.md "Scheduler"): every
 * `config.billing.intervalMs`, never overlapping itself, and on PostgreSQL only in the one instance
 * that holds the billing advisory lock. Stops with the app.
 */
import type { FastifyInstance } from 'fastify';
import { loggableError } from '../../plugins/errors.ts';
import { withBillingLock } from './billing.queries.ts';
import { runBilling } from './billing.service.ts';

export interface BillingScheduler {
  /** Runs once now unless a run is under way (answers when it has ended). */
  tick(): Promise<void>;
  /** No further runs; waits for the one under way. */
  stop(): Promise<void>;
}

export function startBillingScheduler(app: FastifyInstance, intervalMs: number, firstDelayMs = 5_000): BillingScheduler {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = async () => {
    const started = Date.now();
    try {
      const result = await withBillingLock(app.database, () => runBilling(app));
      // A run that did nothing (most of them) stays out of the way of the start banner: debug.
      const idle = result && result.invoicesCreated + result.charged + result.failed === 0;
      if (result) app.log[idle ? 'debug' : 'info']({ ...result, ms: Date.now() - started }, 'billing run');
      else app.log.info('billing run skipped: another instance holds the billing lock');
    } catch (err) {
      app.log.error({ err: loggableError(err) }, 'billing run failed');
    }
  };
  const tick = () => {
    if (stopped) return Promise.resolve();
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick().then(() => schedule(intervalMs)), delay);
    timer.unref();
  };
  schedule(firstDelayMs);

  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
