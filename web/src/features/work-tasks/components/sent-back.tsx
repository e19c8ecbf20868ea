import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { PublicTask } from '#contract/worker.ts';
import { WarningIcon } from '#web/components/ui/icons.tsx';

/**
 * The manager sent the stage back (docs/decisions/029-quality-loop.md): said above the stage, with
 * the reason exactly as typed and the day, until a completion stands again. In the open card's chunk,
 * not in the page's first download.
 */
export function SentBack({ rejection }: { rejection: NonNullable<PublicTask['rejection']> }) {
  const { t, i18n } = useTranslation('workTasks');
  const at = new Date(rejection.rejectedAt);
  const date = Number.isNaN(at.getTime()) ? '' : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(at);
  return (
    <div data-testid="sent-back" className="space-y-1 rounded-t-xl border-b border-red-200 bg-red-50 p-3 text-red-900">
      <p className="flex flex-wrap items-center gap-x-2 font-bold">
        <WarningIcon className="h-5 w-5" /> {t('sentBack.title')}
        {date && (
          <time dateTime={rejection.rejectedAt} className="text-sm font-medium">
            {date}
          </time>
        )}
      </p>
      <p className="text-sm break-words">
        <span className="font-semibold">{t('sentBack.reason')} </span>
        <bdi dir="auto" className="whitespace-pre-wrap">
          {rejection.reason}
        </bdi>
      </p>
    </div>
  );
}
