import { useState, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { REPORT_STATUSES } from '#contract/reports.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { PlusIcon } from '#web/components/ui/icons.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useReports } from '../api/reports.ts';
import { SEARCH_DEBOUNCE_MS, type Report, type ReportFilters, type ReportKind, type StatusFilter } from '../lib/report-kind.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { ReportDeleteDialog } from './report-delete-dialog.tsx';
import { ReportFormDialog } from './report-form-dialog.tsx';
import { ReportList } from './report-list.tsx';

const STATUS_FILTERS: StatusFilter[] = ['all', ...REPORT_STATUSES];

/**
 * The shortages table and the measurements table: one screen, two kinds. `actions` puts the page's
 * controls beside "Add", given the filters the list is shown with (the export, docs/product.md "Exports").
 */
export function ReportsScreen({ kind, actions }: { kind: ReportKind; actions?: (filters: ReportFilters) => ReactNode }) {
  const { tw: t } = useWording('reports');
  const tc = useTranslation('common').t;
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const query = useReports(kind, { search, status });
  const reports = query.data;
  const filtered = search.trim() !== '' || status !== 'all';

  // Dialog state: `editing` null with `formOpen` true is "add".
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (r: Report) => {
    setEditing(r);
    setFormOpen(true);
  };

  const counts = reports && {
    total: reports.length,
    pending: reports.filter((r) => r.status === 'pending').length,
    completed: reports.filter((r) => r.status === 'completed').length,
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t(`${kind}.title`)}</h1>
        <div className="flex flex-wrap items-center gap-3">
          {actions?.({ search, status })}
          <Button onClick={openAdd}>
            <PlusIcon />
            {t(`${kind}.add`)}
          </Button>
        </div>
      </header>

      <div
        role="search"
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr] sm:items-start"
      >
        <TextField
          label={t('search.label')}
          hint={t('search.hint')}
          type="search"
          value={text}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField label={t('status.label')} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>

      {counts && (
        <dl className="grid grid-cols-3 gap-3" aria-label={t('counters.label')}>
          {(['total', 'pending', 'completed'] as const).map((c) => (
            <div key={c} className="rounded-xl border border-slate-200 bg-white p-3 text-center" data-testid={`counter-${c}`}>
              <dt className="text-xs font-medium text-slate-700 sm:text-sm">{t(`counters.${c}`)}</dt>
              <dd className="text-2xl font-bold tabular-nums">{counts[c]}</dd>
            </div>
          ))}
        </dl>
      )}

      {query.isError && !reports ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900">
          {t(`${kind}.loadError`)}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {tc('actions.retry')}
          </Button>
        </div>
      ) : !reports ? (
        <Loading label={t(`${kind}.loading`)} />
      ) : reports.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700" data-testid="reports-empty">
          {t(filtered ? `${kind}.emptyFiltered` : `${kind}.empty`)}
        </p>
      ) : (
        <section aria-busy={query.isFetching} className={query.isFetching ? 'opacity-70' : ''}>
          {query.isError && (
            <div role="alert" className="mb-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
              {t(`${kind}.loadError`)}
              <Button variant="secondary" onClick={() => void query.refetch()}>
                {tc('actions.retry')}
              </Button>
            </div>
          )}
          <ReportList kind={kind} reports={reports} onEdit={openEdit} onDelete={setDeleting} />
        </section>
      )}

      <ReportFormDialog kind={kind} open={formOpen} report={editing} onClose={() => setFormOpen(false)} />
      <ReportDeleteDialog kind={kind} report={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
