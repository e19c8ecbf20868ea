import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { unitTypeLabelKey } from '#contract/project-types.ts';
import { ApiError } from '#web/lib/api.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { roomDetailsQuery } from '#web/lib/queries/rooms.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { Loading } from '#web/components/ui/spinner.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { ReviewStateBadge } from '#web/components/review-state.tsx';
import { PrintButton } from '../components/print-button.tsx';
import { ReportFrame } from '../components/report-state.tsx';
import { dateFormat, dateTimeFormat } from '../lib/print-format.ts';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

/**
 * /units/:roomId/handover: one unit's handover report, printed or saved as PDF from the browser.
 * The unit's stages in their order with who did each and when (in the project's time zone), the
 * notes and a thumbnail of the photo. The data is the map's unit details (GET
 * /api/dashboard/room-details/:roomId): a once-stage shows its completion whatever the day.
 */
export default function UnitHandoverPage() {
  const { roomId = '' } = useParams();
  const { tw: t, lng, timeZone } = useWording('printReports');
  const tc = useTranslation('common').t;
  const user = useAuthUser().data;
  const details = useQuery(roomDetailsQuery(roomId));
  const { when, printed } = useMemo(() => ({ when: dateTimeFormat(lng, timeZone), printed: dateFormat(lng, timeZone) }), [lng, timeZone]);
  // The printed date is when the page was opened, not when each re-render happened.
  const openedAt = useMemo(() => new Date(), []);

  const print = <PrintButton label={t('actions.print')} disabled={!details.data} />;

  if (details.isError) {
    const notFound = details.error instanceof ApiError && details.error.status === 404;
    return (
      <ReportFrame title={t('handover.title')} action={print}>
        <RetryAlert onRetry={notFound ? undefined : () => void details.refetch()}>
          {notFound ? t('handover.notFound') : t('handover.error')}
        </RetryAlert>
      </ReportFrame>
    );
  }
  if (!details.data)
    return (
      <ReportFrame title={t('handover.title')} action={print}>
        <Loading label={t('handover.loading')} />
      </ReportFrame>
    );

  const { room, tasks, totalTasks, completedTasks } = details.data;
  const facts = [
    { key: 'project', label: t('handover.project'), value: <bdi>{user?.facilityName ?? ''}</bdi> },
    { key: 'unit', label: t('handover.unit'), value: <bdi>{room.number}</bdi> },
    { key: 'floor', label: t('handover.floor'), value: room.floor === null ? t('handover.noFloor') : room.floor },
    { key: 'type', label: t('handover.type'), value: tc(unitTypeLabelKey(room.type), { defaultValue: room.type }) },
    { key: 'date', label: t('handover.date'), value: printed(openedAt) },
  ];

  return (
    <ReportFrame
      title={t('handover.title')}
      subtitle={t('printedOn', { date: printed(openedAt) })}
      action={print}
      busy={details.isFetching}
    >
      <section aria-labelledby="handover-details" className="space-y-2">
        <h2 id="handover-details" className="text-lg font-semibold">
          {t('handover.details')}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3" data-testid="handover-facts">
          {facts.map((f) => (
            <div key={f.key} className="flex gap-2" data-testid={`fact-${f.key}`}>
              <dt className="text-slate-700">{f.label}:</dt>
              <dd className="font-semibold">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="handover-stages" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="handover-stages" className="text-lg font-semibold">
            {t('handover.stages')}
          </h2>
          <p className="text-sm text-slate-700" data-testid="handover-summary">
            {t('handover.summary', { done: completedTasks, total: totalTasks })}
          </p>
        </div>
        {tasks.length === 0 ? (
          <p className="text-slate-700">{t('handover.empty')}</p>
        ) : (
          <ScrollRegion label={t('handover.stages')}>
            <table className="w-full border-collapse text-sm" data-testid="handover-table">
              <thead>
                <tr className="border-b-2 border-slate-400">
                  <th scope="col" className="py-1 pe-2 text-start">
                    {t('handover.columns.order')}
                  </th>
                  <th scope="col" className="py-1 pe-2 text-start">
                    {t('handover.columns.stage')}
                  </th>
                  <th scope="col" className="py-1 pe-2 text-start">
                    {t('handover.columns.status')}
                  </th>
                  <th scope="col" className="py-1 pe-2 text-start">
                    {t('handover.columns.worker')}
                  </th>
                  <th scope="col" className="py-1 pe-2 text-start">
                    {t('handover.columns.when')}
                  </th>
                  <th scope="col" className="py-1 pe-2 text-start">
                    {t('handover.columns.notes')}
                  </th>
                  <th scope="col" className="py-1 text-start">
                    {t('handover.columns.photo')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {tasks.map((task, i) => (
                  <tr key={task.id} className="border-b border-slate-200 align-top" data-testid="handover-row">
                    <td className="py-2 pe-2 tabular-nums">{i + 1}</td>
                    <th scope="row" className="py-2 pe-2 text-start font-medium">
                      {task.name}
                    </th>
                    <td className={`py-2 pe-2 font-semibold ${task.isCompleted ? 'text-green-800' : 'text-slate-700'}`}>
                      <span className="block">{task.isCompleted ? t('handover.done') : t('handover.open')}</span>
                      <ReviewStateBadge review={task.review} withReason />
                    </td>
                    <td className="py-2 pe-2">{task.cleanerName && <bdi>{task.cleanerName}</bdi>}</td>
                    <td className="py-2 pe-2 tabular-nums">{when(task.completedAt)}</td>
                    <td className="py-2 pe-2 whitespace-pre-line">{task.notes}</td>
                    <td className="py-2">
                      {task.photoUrl && (
                        <img
                          src={task.photoUrl}
                          alt={t('handover.photoAlt', { stage: task.name })}
                          className="h-auto w-[35mm] max-w-none rounded border border-slate-300 object-contain"
                          data-testid="handover-photo"
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </ReportFrame>
  );
}
