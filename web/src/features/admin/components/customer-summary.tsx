import { useTranslation } from '#web/lib/i18n-react.tsx';
import { formatShekels, type BillingSummary } from '../lib/billing-view.ts';

/** The four summary cards over the rows shown. */
export function CustomerSummary({ summary }: { summary: BillingSummary }) {
  const { t, i18n } = useTranslation('admin');
  const cards = [
    ['managers', String(summary.managers)],
    ['revenue', formatShekels(Math.round(summary.expectedRevenue), i18n.language)],
    ['overdue', String(summary.overdue)],
    ['dueThisWeek', String(summary.dueThisWeek)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('summary.label')}>
      {cards.map(([key, value]) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-3" data-testid={`summary-${key}`}>
          <dt className="text-xs font-medium text-slate-700 sm:text-sm">{t(`summary.${key}`)}</dt>
          <dd className="text-2xl font-bold tabular-nums">
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
