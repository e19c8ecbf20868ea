import { Link } from 'react-router';
import type { Invoice } from '#contract/billing.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { formatAgorot, formatDay } from '../lib/format.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** A project's invoices as cards (a row each from `sm`), each opening its document at `hrefOf(invoice)`. */
export function InvoiceList({ invoices, hrefOf }: { invoices: Invoice[]; hrefOf: (invoice: Invoice) => string }) {
  const { t } = useTranslation('invoices');
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="invoice-list">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <Link
            to={hrefOf(invoice)}
            className="grid min-h-11 grid-cols-2 items-center gap-x-4 gap-y-1 p-3 hover:bg-slate-50 sm:grid-cols-4"
          >
            <span className="font-semibold">{t('invoices.number', { number: invoice.number })}</span>
            <span className="justify-self-end sm:order-last">
              <InvoiceStatusBadge status={invoice.status} />
            </span>
            <span className="text-sm text-slate-700" dir="ltr">
              {formatDay(invoice.periodStart)} – {formatDay(invoice.periodEnd)}
            </span>
            <span className="justify-self-end font-medium sm:justify-self-start" dir="ltr">
              {formatAgorot(invoice.totalAgorot)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
