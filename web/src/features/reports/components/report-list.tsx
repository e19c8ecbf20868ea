import { useMemo } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { hasDimensions, type Report, type ReportKind } from '../lib/report-kind.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

/** Height × width × thickness, always in that order (digits and × read left to right in RTL too). */
const dimensionsOf = (r: Report) => `${r.height ?? 0} × ${r.width ?? 0} × ${r.thickness ?? 0}`;

function useFormatDate() {
  const { lng, timeZone } = useWording('reports');
  return useMemo(() => {
    const fmt = new Intl.DateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : fmt.format(d);
    };
  }, [lng, timeZone]);
}

interface ListProps {
  kind: ReportKind;
  reports: Report[];
  onEdit: (r: Report) => void;
  onDelete: (r: Report) => void;
}

function RowActions({ report, onEdit, onDelete }: { report: Report; onEdit: () => void; onDelete: () => void }) {
  const tc = useTranslation('common').t;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        onClick={onEdit}
        aria-label={tc('labelInName.itemAction', { action: tc('actions.edit'), name: report.name })}
      >
        {tc('actions.edit')}
      </Button>
      <Button
        variant="ghost"
        className="text-red-800 hover:bg-red-50"
        onClick={onDelete}
        aria-label={tc('labelInName.itemAction', { action: tc('actions.delete'), name: report.name })}
      >
        {tc('actions.delete')}
      </Button>
    </div>
  );
}

/** A table on wide screens, a card per report on phones (the same rows, one of them hidden by CSS). */
/** The table's columns in order; measurements add their dimensions after the item. */
const columnsOf = (dims: boolean) =>
  ['item', ...(dims ? ['dimensions'] : []), 'quantity', 'unit', 'reportedBy', 'status', 'reportedAt', 'notes', 'actions'] as const;

export function ReportList({ kind, reports, onEdit, onDelete }: ListProps) {
  const { tw: t } = useWording('reports');
  const formatDate = useFormatDate();
  const dims = hasDimensions(kind);
  const unit = (r: Report) => r.apartmentNumber ?? '-';

  return (
    <>
      <ScrollRegion label={t(`${kind}.title`)} className="hidden rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t(`${kind}.title`)}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {columnsOf(dims).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                  {t(`column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {reports.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 align-middle" data-testid="report-row">
                <td className="px-3 py-2 font-medium" dir="auto">
                  {r.name}
                </td>
                {dims && (
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    <span dir="ltr">{dimensionsOf(r)}</span>
                  </td>
                )}
                <td className="px-3 py-2 tabular-nums">{r.quantity}</td>
                <td className="px-3 py-2" dir="auto">
                  {unit(r)}
                </td>
                <td className="px-3 py-2" dir="auto">
                  {r.reportedBy ?? '-'}
                </td>
                <td className="px-3 py-2">
                  <ReportStatusBadge status={r.status} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.reportedAt)}</td>
                <td className="max-w-48 px-3 py-2">
                  {r.notes ? (
                    <span className="block truncate" title={r.notes} dir="auto">
                      {r.notes}
                    </span>
                  ) : (
                    '-'
                  )}
                </td>
                <td className="px-3 py-2">
                  <RowActions report={r} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <ul className="space-y-3 md:hidden">
        {reports.map((r) => (
          <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="report-card">
            <div className="flex items-start justify-between gap-3">
              <h3 className="min-w-0 font-semibold break-words" dir="auto">
                {r.name}
              </h3>
              <ReportStatusBadge status={r.status} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {dims && (
                <>
                  <dt className="text-slate-600">{t('column.dimensions')}</dt>
                  <dd className="tabular-nums">
                    <span dir="ltr">{dimensionsOf(r)}</span>
                  </dd>
                </>
              )}
              <dt className="text-slate-600">{t('column.quantity')}</dt>
              <dd className="tabular-nums">{r.quantity}</dd>
              <dt className="text-slate-600">{t('column.unit')}</dt>
              <dd dir="auto">{unit(r)}</dd>
              <dt className="text-slate-600">{t('column.reportedBy')}</dt>
              <dd className="min-w-0 break-words" dir="auto">
                {r.reportedBy ?? '-'}
              </dd>
              <dt className="text-slate-600">{t('column.reportedAt')}</dt>
              <dd>{formatDate(r.reportedAt)}</dd>
              {r.notes && (
                <>
                  <dt className="text-slate-600">{t('column.notes')}</dt>
                  <dd className="min-w-0 truncate" title={r.notes} dir="auto">
                    {r.notes}
                  </dd>
                </>
              )}
            </dl>
            <div className="mt-3">
              <RowActions report={r} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
