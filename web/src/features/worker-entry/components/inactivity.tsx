import { useTranslation } from '#web/lib/i18n-react.tsx';
import { WORKER_IDLE_MINUTES } from '#contract/constants.ts';
import { ClockIcon, RefreshIcon } from '#web/components/ui/icons.tsx';
import { formatCountdown, URGENT_BELOW_MS } from '#web/lib/use-inactivity.ts';

/** The last minutes before the form closes (docs/product.md, "Inactivity"): a countdown, red in the last 60 seconds. */
export function InactivityWarning({ remainingMs, onExtend }: { remainingMs: number; onExtend: () => void }) {
  const { t } = useTranslation('qrScan');
  const urgent = remainingMs <= URGENT_BELOW_MS;
  return (
    <div
      className={`sticky top-0 z-20 space-y-2 border-b-4 p-4 ${urgent ? 'border-red-700 bg-red-50 text-red-900' : 'border-amber-500 bg-amber-50 text-amber-950'}`}
      data-testid="inactivity-warning"
    >
      {/* Announced once; the countdown below changes every second and is not a live region. */}
      <p role="alert" className="flex items-center gap-2 text-lg font-semibold">
        <ClockIcon className="h-7 w-7" />
        {t('idle.warning')}
      </p>
      <p className={`text-xl font-bold tabular-nums ${urgent ? 'text-red-800' : ''}`}>
        {t('idle.countdown', { time: formatCountdown(remainingMs) })}
      </p>
      <button
        type="button"
        onClick={onExtend}
        className="min-h-12 w-full rounded-lg bg-blue-700 px-4 text-lg font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
      >
        {t('idle.extend', { minutes: WORKER_IDLE_MINUTES })}
      </button>
    </div>
  );
}

/** The form closed after 30 idle minutes; restarting goes back to the language step. */
export function InactivityClosed({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation('qrScan');
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center">
      <span aria-hidden className="text-6xl leading-none">
        ⏱️
      </span>
      <h1 className="text-2xl font-bold text-slate-900">{t('idle.closed')}</h1>
      <button
        type="button"
        onClick={onRestart}
        autoFocus
        className="min-h-14 w-full max-w-sm rounded-xl bg-blue-700 px-6 text-xl font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
      >
        <RefreshIcon className="me-2 inline h-6 w-6 align-text-bottom" />
        {t('idle.restart')}
      </button>
    </section>
  );
}
