import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useWording } from '#web/lib/use-wording.ts';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { ExportButtons } from '#web/components/export-buttons.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { cleaningStatsQuery } from '#web/lib/queries/insight.ts';
import { useMayManage } from '#web/lib/queries/session.ts';
import { roomStatsQuery } from '#web/lib/queries/rooms.ts';
import { MeterBar } from '../components/meter-bar.tsx';
import { PerDayChart } from '../components/per-day-chart.tsx';
import { PeriodChoice } from '../components/period-choice.tsx';
import { Figure } from '../components/figure.tsx';
import { STATS_PERIODS, dayFormat, readPeriod, statisticsFigures } from '../lib/insight-view.ts';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

/** /statistics (docs/product.md "Statistics"): the units' counters and the period's stages and workers. */
// Longer than 150 lines on purpose: the page reads top to bottom as the screen does (period, counters,
// performance, top workers, days), each section a few lines of Figure/MeterBar over one shared
// figures object; splitting it would pass that object and the formatters through every piece.
// eslint-disable-next-line max-lines-per-function
export default function StatisticsPage() {
  const { tw: t, lng } = useWording('insight');
  const tp = useTranslation('printReports').t;
  // The printable report is for managers, as its screen (docs/product.md "Permissions").
  const mayManage = useMayManage();
  const [params, setParams] = useSearchParams();
  const days = readPeriod(params);
  const units = useQuery(roomStatsQuery);
  const stats = useQuery(cleaningStatsQuery(days));
  const { longDay, shortDay } = useMemo(
    () => ({ longDay: dayFormat(lng, { dateStyle: 'full' }), shortDay: dayFormat(lng, { day: 'numeric', month: 'numeric' }) }),
    [lng],
  );
  const number = useMemo(() => new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }), [lng]);

  const header = (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{t('stats.title')}</h1>
        {stats.data && <p className="text-sm text-slate-700">{longDay(stats.data.to)}</p>}
      </div>
      <ExportButtons path="/api/stats/cleaning/export" filters={{ days: String(days) }} className="print:hidden" />
      {mayManage && (
        <Link
          to="/reports/progress"
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 print:hidden"
        >
          {tp('links.progress')}
        </Link>
      )}
      <PeriodChoice
        label={t('period.label')}
        options={STATS_PERIODS}
        value={days}
        onChange={(d) => setParams(d === 1 ? {} : { days: String(d) }, { replace: true })}
        labelOf={(d) => t(`period.days${d}`)}
      />
    </header>
  );

  if (units.isError || stats.isError)
    return (
      <div className="mx-auto max-w-6xl space-y-5">
        {header}
        <RetryAlert onRetry={() => void Promise.all([units.refetch(), stats.refetch()])}>{t('stats.error')}</RetryAlert>
      </div>
    );
  if (!units.data || !stats.data)
    return (
      <div className="mx-auto max-w-6xl space-y-5">
        {header}
        <Loading label={t('stats.loading')} />
      </div>
    );

  const u = units.data;
  const s = stats.data;
  const f = statisticsFigures(u, s);
  // The status colour is the start border's own colour: a whole-border colour would compete with the
  // frame's border-slate-200 and lose to it in the stylesheet's order.
  const counters = [
    { key: 'clean', value: u.clean, tone: 'border-s-green-600' },
    { key: 'inProgress', value: u.inProgress, tone: 'border-s-amber-500' },
    { key: 'needsWork', value: u.needsCleaning, tone: 'border-s-red-600' },
    { key: 'total', value: u.totalRooms, tone: 'border-s-slate-500' },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-5" aria-busy={stats.isFetching}>
      {header}

      <section aria-label={t('stats.counters')} className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {counters.map((c) => (
          <div key={c.key} className={`rounded-xl border border-s-4 border-slate-200 bg-white p-4 ${c.tone}`} data-testid={`tile-${c.key}`}>
            <p className="text-sm text-slate-700">{t(`counters.${c.key}`)}</p>
            <p className="text-3xl font-bold tabular-nums" data-testid={`counter-${c.key}`}>
              {c.value}
            </p>
          </div>
        ))}
      </section>

      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="performance-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="performance-title" className="text-lg font-semibold">
            {t('stats.performance')}
          </h2>
          <MeterBar label={t('stats.completionRate')} value={f.completionRate} />
          <MeterBar label={t('stats.doneUnits')} value={f.doneUnitsRate} tone="bg-green-600" />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label={t('stats.totalTasks')} value={s.totalTasks} testId="total-tasks" />
            <Figure
              label={t('stats.completedTasks')}
              value={s.completedTasks}
              testId="completed-tasks"
              note={
                f.completedChange === null
                  ? undefined
                  : t('stats.change', { change: `${f.completedChange > 0 ? '+' : ''}${f.completedChange}` })
              }
            />
            <Figure label={t('stats.averagePerUnit')} value={number.format(s.averageTasksPerRoom)} testId="average" />
            <Figure label={t('stats.efficiency')} value={`${f.efficiencyScore}%`} testId="efficiency" note={t('stats.efficiencyNote')} />
            <Figure
              label={t('stats.sessionTime')}
              value={t('stats.minutes', { value: f.sessionMinutes })}
              testId="session-time"
              note={t('stats.sessionNote')}
            />
            <Figure label={t('stats.activeUnits')} value={f.activeUnits} testId="active-units" />
          </dl>
        </section>

        <section aria-labelledby="top-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="top-title" className="text-lg font-semibold">
            {t('stats.topWorkers')}
          </h2>
          {s.topCleaners.length === 0 ? (
            <p className="text-slate-700">{t('stats.noWorkers')}</p>
          ) : (
            <ol className="divide-y divide-slate-100" data-testid="top-workers">
              {s.topCleaners.map((w, i) => (
                <li key={w.cleanerName} className="flex items-center gap-3 py-2">
                  <span className="w-6 text-center font-bold text-slate-600 tabular-nums">{i + 1}</span>
                  <bdi className="flex-1 font-medium">{w.cleanerName}</bdi>
                  <span className="text-sm text-slate-700 tabular-nums">{t('stats.workerTasks', { n: w.taskCount })}</span>
                  <span className="w-14 text-end font-semibold tabular-nums" title={t('stats.workerRateNote')}>
                    {w.completionRate}%
                  </span>
                </li>
              ))}
            </ol>
          )}
          <p className="text-xs text-slate-600">{t('stats.workerRateNote')}</p>
        </section>
      </div>

      <section aria-labelledby="quality-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="quality-title" className="text-lg font-semibold">
          {t('quality.title')}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <dl>
            <Figure
              label={t('quality.firstTime')}
              value={s.firstTimeQuality === null ? t('quality.noReviews') : `${number.format(s.firstTimeQuality)}%`}
              testId="first-time-quality"
              note={s.firstTimeQuality === null ? undefined : t('quality.firstTimeNote', { n: s.reviewedStages })}
            />
          </dl>
          <div className="space-y-2">
            <h3 className="font-medium">{t('quality.sentBack')}</h3>
            {s.sentBack.length === 0 ? (
              <p className="text-slate-700">{t('quality.sentBackEmpty')}</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="sent-back">
                {s.sentBack.map((r) => (
                  <li key={r.taskName} className="flex items-center gap-3 py-2">
                    <bdi className="flex-1 font-medium">{r.taskName}</bdi>
                    <span className="font-semibold tabular-nums">{t('quality.sentBackCount', { n: r.sentBack })}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </section>

      {s.perDay.length > 1 && (
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <PerDayChart
            days={s.perDay}
            label={t('stats.perDay')}
            formatDay={shortDay}
            barLabel={(day, count) => t('stats.perDayBar', { day, count })}
          />
        </section>
      )}

      <section aria-labelledby="floors-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="floors-title" className="text-lg font-semibold">
          {t('floors.title')}
        </h2>
        {s.floors.length === 0 ? (
          <p className="text-slate-700">{t('floors.empty')}</p>
        ) : (
          <ScrollRegion label={t('floors.title')}>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-start">
                  <th scope="col" className="py-2 text-start">
                    {t('floors.floor')}
                  </th>
                  <th scope="col" className="py-2 text-start">
                    {t('floors.units')}
                  </th>
                  <th scope="col" className="py-2 text-start">
                    {t('floors.stages')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.floors.map((fl) => (
                  <tr key={fl.floor ?? 'none'} className="border-b border-slate-100">
                    <th scope="row" className="py-2 text-start font-medium">
                      {fl.floor === null ? t('floors.noFloor') : t('floors.number', { floor: fl.floor })}
                    </th>
                    <td className="py-2 tabular-nums">{t('floors.ofTotal', { done: fl.doneUnits, total: fl.units })}</td>
                    <td className="py-2">
                      <MeterBar
                        label={t('floors.ofTotal', { done: fl.doneStages, total: fl.stages })}
                        value={fl.stages > 0 ? Math.round((100 * fl.doneStages) / fl.stages) : 0}
                        tone="bg-green-600"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
