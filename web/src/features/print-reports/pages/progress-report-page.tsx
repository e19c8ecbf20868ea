import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { cleaningStatsQuery } from '#web/lib/queries/insight.ts';
import { roomStatsQuery } from '#web/lib/queries/rooms.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { Loading } from '#web/components/ui/spinner.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { PrintButton } from '../components/print-button.tsx';
import { ReportFrame } from '../components/report-state.tsx';
import { openShortagesQuery } from '../lib/open-shortages.ts';
import { dateFormat } from '../lib/print-format.ts';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

const percent = (done: number, total: number) => (total > 0 ? Math.round((100 * done) / total) : 0);

/**
 * /reports/progress: the project's progress report, printed or saved as PDF from the browser — the
 * units' counters (GET /api/stats/rooms), progress per floor (GET /api/stats/cleaning?days=1) and
 * the open shortages, pending or in progress (GET /api/shortages).
 */
// Longer than 150 lines on purpose: a printed document laid out in the order it prints (header,
// counters, floors table, open shortages table); kept whole so the page breaks and the print styles
// are read together.
// eslint-disable-next-line max-lines-per-function
export default function ProgressReportPage() {
  const { tw: t, lng, timeZone } = useWording('printReports');
  const user = useAuthUser().data;
  const units = useQuery(roomStatsQuery);
  const stats = useQuery(cleaningStatsQuery(1));
  const shortages = useQuery(openShortagesQuery);
  const { day, shortDay, number } = useMemo(
    () => ({ day: dateFormat(lng, timeZone), shortDay: dateFormat(lng, timeZone, 'short'), number: new Intl.NumberFormat(lng) }),
    [lng, timeZone],
  );
  const openedAt = useMemo(() => new Date(), []);
  const ready = Boolean(units.data && stats.data && shortages.data);
  const print = <PrintButton label={t('actions.print')} disabled={!ready} />;
  const subtitle = (
    <>
      {user && (
        <>
          <bdi className="font-semibold">{user.facilityName}</bdi>
          {' · '}
        </>
      )}
      {t('printedOn', { date: day(openedAt) })}
    </>
  );

  if (units.isError || stats.isError || shortages.isError)
    return (
      <ReportFrame title={t('progress.title')} action={print}>
        <RetryAlert onRetry={() => void Promise.all([units.refetch(), stats.refetch(), shortages.refetch()])}>
          {t('progress.error')}
        </RetryAlert>
      </ReportFrame>
    );
  if (!units.data || !stats.data || !shortages.data)
    return (
      <ReportFrame title={t('progress.title')} action={print}>
        <Loading label={t('progress.loading')} />
      </ReportFrame>
    );

  const u = units.data;
  const floors = stats.data.floors;
  const open = shortages.data;
  const counters = [
    { key: 'done', value: u.clean, tone: 'border-s-green-600' },
    { key: 'inProgress', value: u.inProgress, tone: 'border-s-amber-500' },
    { key: 'notStarted', value: u.needsCleaning, tone: 'border-s-red-600' },
    { key: 'total', value: u.totalRooms, tone: 'border-s-slate-500' },
  ];
  const th = 'py-1 pe-2 text-start';

  return (
    <ReportFrame title={t('progress.title')} subtitle={subtitle} action={print} busy={units.isFetching || stats.isFetching}>
      <section aria-labelledby="progress-counters" className="space-y-2">
        <h2 id="progress-counters" className="text-lg font-semibold">
          {t('progress.counters.title')}
        </h2>
        <dl className="grid grid-cols-4 gap-3">
          {counters.map((c) => (
            <div key={c.key} className={`rounded-lg border border-s-4 border-slate-300 p-3 ${c.tone}`}>
              <dt className="text-sm text-slate-700">{t(`progress.counters.${c.key}`)}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid={`report-counter-${c.key}`}>
                {number.format(c.value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="progress-floors" className="space-y-2">
        <h2 id="progress-floors" className="text-lg font-semibold">
          {t('progress.floors.title')}
        </h2>
        {floors.length === 0 ? (
          <p className="text-slate-700">{t('progress.floors.empty')}</p>
        ) : (
          <ScrollRegion label={t('progress.floors.title')}>
            <table className="w-full border-collapse text-sm" data-testid="floors-table">
              <thead>
                <tr className="border-b-2 border-slate-400">
                  <th scope="col" className={th}>
                    {t('progress.floors.floor')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.floors.units')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.floors.stages')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.floors.percent')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {floors.map((fl) => {
                  const p = percent(fl.doneStages, fl.stages);
                  return (
                    <tr key={fl.floor ?? 'none'} className="border-b border-slate-200">
                      <th scope="row" className="py-1.5 pe-2 text-start font-medium">
                        {fl.floor === null ? t('progress.floors.noFloor') : t('progress.floors.number', { floor: fl.floor })}
                      </th>
                      <td className="py-1.5 pe-2 tabular-nums">{t('progress.floors.ofTotal', { done: fl.doneUnits, total: fl.units })}</td>
                      <td className="py-1.5 pe-2 tabular-nums">
                        {t('progress.floors.ofTotal', { done: fl.doneStages, total: fl.stages })}
                      </td>
                      <td className="py-1.5">
                        <div className="flex items-center gap-2">
                          <div className="h-2.5 w-24 overflow-hidden rounded bg-slate-200" aria-hidden>
                            <div className="h-full bg-green-600" style={{ width: `${p}%` }} />
                          </div>
                          <span className="tabular-nums">{p}%</span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <section aria-labelledby="progress-shortages" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="progress-shortages" className="text-lg font-semibold">
            {t('progress.shortages.title')}
          </h2>
          {open.length > 0 && <p className="text-sm text-slate-700">{t('progress.shortages.count', { n: open.length })}</p>}
        </div>
        {open.length === 0 ? (
          <p className="text-slate-700">{t('progress.shortages.empty')}</p>
        ) : (
          <ScrollRegion label={t('progress.shortages.title')}>
            <table className="w-full border-collapse text-sm" data-testid="shortages-table">
              <thead>
                <tr className="border-b-2 border-slate-400">
                  <th scope="col" className={th}>
                    {t('progress.shortages.item')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.shortages.quantity')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.shortages.unit')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.shortages.reportedBy')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.shortages.date')}
                  </th>
                  <th scope="col" className={th}>
                    {t('progress.shortages.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {open.map((s) => (
                  <tr key={s.id} className="border-b border-slate-200 align-top" data-testid="shortage-row">
                    <th scope="row" className="py-1.5 pe-2 text-start font-medium">
                      {s.name}
                    </th>
                    <td className="py-1.5 pe-2 tabular-nums">{number.format(s.quantity)}</td>
                    <td className="py-1.5 pe-2">{s.apartmentNumber && <bdi>{s.apartmentNumber}</bdi>}</td>
                    <td className="py-1.5 pe-2">{s.reportedBy && <bdi>{s.reportedBy}</bdi>}</td>
                    <td className="py-1.5 pe-2 tabular-nums">{shortDay(s.reportedAt)}</td>
                    <td className="py-1.5">
                      {s.status === 'pending' ? t('progress.shortages.statusPending') : t('progress.shortages.statusInProgress')}
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
