import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BREAK_MINUTES, PERFORMANCE_RANGES, RATING_PRIOR_STAGES, TREND_STABLE_BAND, type Employee, type Trend } from '#contract/insight.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { ExportButtons } from '#web/components/export-buttons.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { employeePerformanceQuery, kpiMetricsQuery } from '#web/lib/queries/insight.ts';
import { Figure } from '../components/figure.tsx';
import { PeriodChoice } from '../components/period-choice.tsx';
import { MEDALS, efficiencyTone, readRange, type Tone } from '../lib/insight-view.ts';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

const TONES: Record<Tone, string> = {
  good: 'bg-green-100 text-green-900',
  fair: 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-900',
};
const TREND_MARKS: Record<Trend, string> = { up: '▲', down: '▼', stable: '▬' };
const TREND_TONES: Record<Trend, string> = { up: 'text-green-800', down: 'text-red-800', stable: 'text-slate-700' };

/**
 * /employee-performance (docs/product.md "Employee performance"): the period's KPIs, the top
 * worker and the ranked table, with how each figure is computed one tap away. Live updates refresh
 * it when a stage is done.
 */
export default function EmployeePerformancePage() {
  const { tw: t, lng } = useWording('insight');
  const [params, setParams] = useSearchParams();
  const range = readRange(params);
  const employees = useQuery(employeePerformanceQuery(range));
  const kpi = useQuery(kpiMetricsQuery(range));
  const number = useMemo(() => new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }), [lng]);

  const header = (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{t('people.title')}</h1>
        <p className="text-sm text-slate-700">{t('people.intro')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <PeriodChoice
          label={t('period.label')}
          options={PERFORMANCE_RANGES}
          value={range}
          onChange={(r) => setParams(r === 'today' ? {} : { range: r }, { replace: true })}
          labelOf={(r) => t(`period.${r}`)}
        />
        {/* The ranking of the chosen period as a file (docs/product.md "Exports"). */}
        <ExportButtons path="/api/employee-performance/export" filters={{ range }} />
      </div>
    </header>
  );

  let body;
  if (employees.isError || kpi.isError)
    body = <RetryAlert onRetry={() => void Promise.all([employees.refetch(), kpi.refetch()])}>{t('people.error')}</RetryAlert>;
  else if (!employees.data || !kpi.data) body = <Loading label={t('people.loading')} />;
  else {
    const k = kpi.data;
    const list = employees.data.employees;
    const top = list[0];
    body = (
      <>
        <section aria-label={t('people.kpis')}>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Figure
              card
              label={t('kpi.completed')}
              value={k.totalCompleted}
              note={t('kpi.ofTotal', { total: k.totalTasks, rate: k.completionRate })}
              testId="kpi-completed"
            />
            <Figure card label={t('kpi.avgTime')} value={t('stats.minutes', { value: number.format(k.avgTime) })} testId="kpi-time" />
            <Figure card label={t('kpi.avgRating')} value={number.format(k.avgRating)} note={t('kpi.outOf5')} testId="kpi-rating" />
            <Figure card label={t('kpi.efficiency')} value={`${k.efficiency}%`} testId="kpi-efficiency" />
            <Figure
              card
              label={t('kpi.trend')}
              value={
                <span className={TREND_TONES[k.trend]}>
                  <span aria-hidden>{TREND_MARKS[k.trend]}</span> {t(`trend.${k.trend}`)}
                </span>
              }
              testId="kpi-trend"
            />
          </dl>
        </section>

        {top ? (
          <>
            <section
              aria-labelledby="top-employee"
              className="flex flex-wrap items-center gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4"
            >
              <span aria-hidden className="text-4xl">
                {MEDALS[1]}
              </span>
              <div className="flex-1">
                <h2 id="top-employee" className="text-sm font-medium text-amber-900">
                  {t('people.top')}
                </h2>
                <p className="text-xl font-bold">
                  <bdi>{top.name}</bdi>
                </p>
                <p className="text-sm text-slate-800">
                  {t('people.topLine', { n: top.tasksCompleted, units: top.roomsCleaned, rating: number.format(top.rating) })}
                </p>
              </div>
            </section>
            <EmployeeTable employees={list} />
          </>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
            {t(`people.empty.${range}`)}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-5" aria-busy={employees.isFetching || kpi.isFetching}>
      {header}
      {body}
      <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-blue-800">{t('how.title')}</summary>
        <ul className="list-disc space-y-2 ps-5 text-slate-800">
          <li>{t('how.rank')}</li>
          <li>{t('how.efficiency', { breakMinutes: BREAK_MINUTES })}</li>
          <li>{t('how.rating', { prior: RATING_PRIOR_STAGES })}</li>
          <li>{t('how.sentBack')}</li>
          <li>{t('how.trend', { band: Math.round(TREND_STABLE_BAND * 100) })}</li>
          <li>{t('how.names')}</li>
        </ul>
      </details>
    </div>
  );
}

function Stars({ rating, label }: { rating: number; label: string }) {
  const full = Math.round(rating);
  return (
    <span title={label}>
      <span aria-hidden className="text-amber-500">
        {'★'.repeat(full)}
        <span className="text-slate-300">{'★'.repeat(5 - full)}</span>
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

function EmployeeTable({ employees }: { employees: Employee[] }) {
  const { tw: t, lng } = useWording('insight');
  const number = useMemo(() => new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }), [lng]);
  return (
    <section aria-labelledby="competition-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="competition-title" className="text-lg font-semibold">
        {t('people.table')}
      </h2>
      <ScrollRegion label={t('people.table')}>
        <table className="w-full min-w-[36rem] text-sm" data-testid="performance-table">
          <thead>
            <tr className="border-b border-slate-200">
              {['rank', 'name', 'tasks', 'units', 'rating', 'efficiency', 'trend'].map((c) => (
                <th key={c} scope="col" className="px-2 py-2 text-start">
                  {t(`columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {employees.map((e) => (
              <tr key={e.id} className="border-b border-slate-100">
                <td className="px-2 py-2 tabular-nums">
                  {MEDALS[e.rank] ? (
                    <span>
                      <span aria-hidden>{MEDALS[e.rank]} </span>
                      {e.rank}
                    </span>
                  ) : (
                    e.rank
                  )}
                </td>
                <th scope="row" className="px-2 py-2 text-start font-medium">
                  <bdi>{e.name}</bdi>
                </th>
                <td className="px-2 py-2 tabular-nums">{e.tasksCompleted}</td>
                <td className="px-2 py-2 tabular-nums">{e.roomsCleaned}</td>
                <td className="px-2 py-2">
                  <Stars rating={e.rating} label={t('columns.ratingValue', { rating: number.format(e.rating) })} />
                </td>
                <td className="px-2 py-2">
                  <span className={`rounded-full px-2 py-0.5 font-semibold tabular-nums ${TONES[efficiencyTone(e.efficiency)]}`}>
                    {e.efficiency}%
                  </span>
                </td>
                <td className={`px-2 py-2 ${TREND_TONES[e.trend]}`}>
                  <span aria-hidden>{TREND_MARKS[e.trend]}</span> {t(`trend.${e.trend}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
