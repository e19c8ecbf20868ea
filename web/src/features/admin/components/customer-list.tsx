import { useNavigate } from 'react-router';
import type { CustomerBilling } from '#contract/billing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { billingBadge, contactName, formatDate, formatShekels } from '../lib/billing-view.ts';
import { MaskedCard } from './masked-card.tsx';
import { BillingBadge, ProjectStatusBadge } from './status-badges.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

export interface CustomerActionHandlers {
  onDetails: (row: CustomerBilling) => void;
  onActivate: (row: CustomerBilling) => void;
  onPrice: (row: CustomerBilling) => void;
  onDeactivate: (row: CustomerBilling) => void;
  /** The project whose activation is under way (its button waits). */
  activatingId: string | null;
}

/** "3 days overdue", "today", "in 5 days". */
function DaysText({ days }: { days: number }) {
  const { t } = useTranslation('admin');
  if (days < 0) return <span className="text-red-800">{t('billing.daysOverdue', { days: -days })}</span>;
  if (days === 0) return <span>{t('billing.today')}</span>;
  return <span>{t('billing.inDays', { days })}</span>;
}

function CustomerActions({ row, h }: { row: CustomerBilling; h: CustomerActionHandlers }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const name = (
    <span className="sr-only">
      {' '}
      <bdi>{row.facilityName}</bdi>
    </span>
  );
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="secondary" onClick={() => h.onDetails(row)}>
        {t('actions.details')}
        {name}
      </Button>
      <Button variant="secondary" onClick={() => void navigate(`/customer-billing/projects/${row.id}`)}>
        {t('actions.invoices')}
        {name}
      </Button>
      <Button variant="secondary" onClick={() => h.onPrice(row)}>
        {t('actions.price')}
        {name}
      </Button>
      {row.isActive ? (
        <Button variant="ghost" className="text-red-800" onClick={() => h.onDeactivate(row)}>
          {t('actions.deactivate')}
          {name}
        </Button>
      ) : (
        <Button onClick={() => h.onActivate(row)} disabled={h.activatingId !== null} aria-busy={h.activatingId === row.id || undefined}>
          {h.activatingId === row.id ? t('actions.activating') : t('actions.activate')}
          {name}
        </Button>
      )}
    </div>
  );
}

function Badges({ row }: { row: CustomerBilling }) {
  return (
    <div className="flex flex-wrap gap-1">
      <ProjectStatusBadge status={row.status} reason={row.inactiveReason} />
      <BillingBadge badge={billingBadge(row.daysUntilBilling)} />
    </div>
  );
}

const COLUMNS = ['project', 'contact', 'reach', 'card', 'registered', 'nextBilling', 'amountDue', 'status', 'actions'] as const;

export function CustomerTable({ rows, h }: { rows: CustomerBilling[]; h: CustomerActionHandlers }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <ScrollRegion label={t('nav.billing')} className="hidden rounded-xl border border-slate-200 bg-white lg:block">
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-start font-medium">
                {t(`columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-100 align-top" data-testid="customer-row">
              <td className="px-3 py-2 font-medium">
                <bdi>{r.facilityName}</bdi>
              </td>
              <td className="px-3 py-2">
                <bdi>{contactName(r)}</bdi>
                <div className="text-xs text-slate-600">
                  <bdi>@{r.username}</bdi>
                </div>
              </td>
              <td className="px-3 py-2 text-xs">
                {[r.email, r.phone, r.city].filter(Boolean).map((v) => (
                  <div key={v}>
                    <bdi>{v}</bdi>
                  </div>
                ))}
              </td>
              <td className="px-3 py-2">
                <MaskedCard card={r.card} />
              </td>
              <td className="px-3 py-2 tabular-nums">{formatDate(r.createdAt)}</td>
              <td className="px-3 py-2 tabular-nums">
                {formatDate(r.nextBillingDate)}
                <div className="text-xs">
                  <DaysText days={r.daysUntilBilling} />
                </div>
              </td>
              <td className="px-3 py-2 tabular-nums">
                <bdi>{formatShekels(r.totalAmountDue, i18n.language)}</bdi>
              </td>
              <td className="px-3 py-2">
                <Badges row={r} />
              </td>
              <td className="px-3 py-2">
                <CustomerActions row={r} h={h} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function CustomerCards({ rows, h }: { rows: CustomerBilling[]; h: CustomerActionHandlers }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <ul className="space-y-3 lg:hidden">
      {rows.map((r) => (
        <li key={r.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="customer-card">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="font-semibold">
              <bdi>{r.facilityName}</bdi>
            </h2>
            <Badges row={r} />
          </div>
          <p className="text-sm">
            <bdi>{contactName(r)}</bdi> · <bdi>@{r.username}</bdi>
          </p>
          <p className="text-xs break-words text-slate-700">
            {[r.email, r.phone, r.city].filter(Boolean).map((v, i) => (
              <span key={v}>
                {i > 0 && ' · '}
                <bdi>{v}</bdi>
              </span>
            ))}
          </p>
          <p className="text-sm">
            <MaskedCard card={r.card} />
          </p>
          <p className="text-sm">
            {t('columns.nextBilling')}: {formatDate(r.nextBillingDate)} (<DaysText days={r.daysUntilBilling} />) ·{' '}
            <bdi>{formatShekels(r.totalAmountDue, i18n.language)}</bdi>
          </p>
          <CustomerActions row={r} h={h} />
        </li>
      ))}
    </ul>
  );
}
