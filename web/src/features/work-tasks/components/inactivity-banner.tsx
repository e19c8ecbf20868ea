import { useTranslation } from '#web/lib/i18n-react.tsx';
import { WORKER_IDLE_MINUTES } from '#contract/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ClockIcon } from '#web/components/ui/icons.tsx';
import { formatCountdown, URGENT_BELOW_MS } from '#web/lib/use-inactivity.ts';

/** The warning five minutes before the form closes, with a countdown and "extend to 30 minutes". */
export function InactivityBanner({ remainingMs, onExtend }: { remainingMs: number; onExtend: () => void }) {
  const { t } = useTranslation('workTasks');
  const red = remainingMs <= URGENT_BELOW_MS;
  return (
    <div
      role="alert"
      data-testid="inactivity-banner"
      className={`fixed inset-x-0 bottom-0 z-30 flex flex-wrap items-center gap-3 border-t-2 p-3 shadow-lg ${red ? 'border-red-700 bg-red-50 text-red-900' : 'border-amber-500 bg-amber-50 text-amber-950'}`}
    >
      <ClockIcon className="h-6 w-6" />
      <p className="flex-1 font-medium">
        {t('inactivity.warning')}{' '}
        <span
          data-testid="countdown"
          data-urgent={red ? 'true' : 'false'}
          className={`font-mono text-lg font-bold tabular-nums ${red ? 'text-red-700' : ''}`}
          dir="ltr"
        >
          {formatCountdown(remainingMs)}
        </span>
      </p>
      <Button onClick={onExtend} className="min-h-12 w-full sm:w-auto">
        {t('inactivity.extend', { minutes: WORKER_IDLE_MINUTES })}
      </Button>
    </div>
  );
}
