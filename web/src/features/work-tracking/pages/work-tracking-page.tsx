import { useEffect, useMemo, useState } from 'react';
import { projectTypeLabelKey } from '#contract/project-types.ts';
import { Link, useSearchParams } from 'react-router';
import { useWording } from '#web/lib/use-wording.ts';
import { ExportButtons } from '#web/components/export-buttons.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useScheduledTasks } from '../api/scheduled-tasks.ts';
import { ScheduledTaskCard } from '../components/scheduled-task-card.tsx';
import { useAuthUser, useMayManage } from '#web/lib/queries/session.ts';
import {
  PROJECT_TYPE_FILTERS,
  SEARCH_DEBOUNCE_MS,
  STATUS_FILTERS,
  TRACKING_PAGE_SIZE,
  readFilters,
  scheduledTasksSearch,
  writeFilters,
  type TrackingFilters,
} from '../lib/tracking-query.ts';

/** /work-tracking: every scheduled task, searchable and filtered on the server, one page at a time. */
export default function WorkTrackingPage() {
  const { tw: t, i18n } = useWording('tracking');
  // The link to scheduling is for managers; a worker with an account only reads (docs/product.md "Permissions").
  const mayManage = useMayManage();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const [text, setText] = useState(filters.search);
  // The URL can change under the box (back button, clear): follow it, keeping what is being typed.
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    if (filters.search.trim() !== text.trim()) setText(filters.search);
  }

  const update = (patch: Partial<TrackingFilters>, replace = true) =>
    setParams(writeFilters({ ...filters, page: 1, ...patch }), { replace });

  // The search box writes to the URL 300 ms after the last keystroke.
  useEffect(() => {
    if (text.trim() === filters.search.trim()) return;
    const id = setTimeout(() => setParams(writeFilters({ ...filters, search: text, page: 1 }), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text, filters, setParams]);

  const query = useScheduledTasks(scheduledTasksSearch(filters));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || TRACKING_PAGE_SIZE))) : 1;
  // A page past the end (old link, tasks removed) moves to the last page that exists.
  const pastEnd = Boolean(data && !query.isPlaceholderData && data.total > 0 && filters.page > pages);
  useEffect(() => {
    if (pastEnd) setParams(writeFilters({ ...filters, page: pages }), { replace: true });
  }, [pastEnd, filters, pages, setParams]);
  const filtered = filters.search !== '' || filters.status !== 'all' || filters.projectType !== 'all';

  // In the project's time zone: where the work happened.
  const timeZone = useAuthUser().data?.timezone;
  const formatTime = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return (iso: string) => fmt.format(new Date(iso));
  }, [i18n.language, timeZone]);

  const clear = () => {
    setText('');
    setParams(new URLSearchParams(), { replace: true });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <p className="text-sm text-slate-700">{t('intro')}</p>
        </div>
        {/* Every task under the filters as a file, not only this page (docs/product.md "Exports"). */}
        <ExportButtons
          path="/api/scheduled-tasks/export"
          filters={{ search: filters.search, status: filters.status, projectType: filters.projectType }}
        />
      </header>

      <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <TextField
          label={t('search.label')}
          hint={t('search.hint')}
          type="search"
          value={text}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField label={t('projectType.label')} value={filters.projectType} onChange={(e) => update({ projectType: e.target.value })}>
          {PROJECT_TYPE_FILTERS.map((p) => (
            <option key={p} value={p}>
              {p === 'all' ? t('projectType.all') : t(projectTypeLabelKey(p))}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={clear} disabled={!filtered && text === ''}>
          {t('clear')}
        </Button>
      </div>

      <div role="group" aria-label={t('status.label')} className="flex flex-wrap gap-2 pb-1">
        {STATUS_FILTERS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={filters.status === s}
            onClick={() => update({ status: s })}
            className={`flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium ${
              filters.status === s
                ? 'border-blue-700 bg-blue-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
            }`}
          >
            {t(`status.${s}`)}
            {data && (
              <span
                className={`rounded-full px-2 text-xs ${filters.status === s ? 'bg-white/20' : 'bg-slate-100'}`}
                data-testid={`count-${s}`}
              >
                {data.counts[s]}
              </span>
            )}
          </button>
        ))}
      </div>

      {query.isError ? (
        <RetryAlert onRetry={() => void query.refetch()}>{t('error')}</RetryAlert>
      ) : !data ? (
        <Loading label={t('loading')} />
      ) : data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {filtered ? (
            <p>{t('emptyFiltered')}</p>
          ) : (
            <p>
              {t('empty')}{' '}
              {mayManage && (
                <Link to="/task-scheduling" className="inline-flex min-h-11 items-center font-medium text-blue-800 underline">
                  {t('scheduleLink')}
                </Link>
              )}
            </p>
          )}
        </div>
      ) : (
        <section aria-labelledby="tracking-results" aria-busy={query.isFetching} className="space-y-4">
          <h2 id="tracking-results" className="text-sm font-medium text-slate-700" role="status">
            {t('results', { total: data.total })}
          </h2>
          <div className={`grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3 ${query.isFetching ? 'opacity-70' : ''}`}>
            {data.items.map((task) => (
              <ScheduledTaskCard key={task.id} task={task} formatTime={formatTime} />
            ))}
          </div>
          {pages > 1 && (
            <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-2">
              <Button variant="secondary" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 }, false)}>
                {t('pager.previous')}
              </Button>
              <span className="text-sm text-slate-700">{t('pager.pageOf', { page: filters.page, pages })}</span>
              <Button variant="secondary" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 }, false)}>
                {t('pager.next')}
              </Button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
