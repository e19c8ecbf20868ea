import { Link } from 'react-router';
import type { Invoice, InvoiceStatus } from '#contract/billing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useInvoices } from '../api/account.ts';
import { formatDate, formatIls } from '../format.ts';

const statusStyles: Record<InvoiceStatus, string> = {
  open: 'bg-blue-50 text-blue-900 border-blue-300',
  paid: 'bg-emerald-50 text-emerald-900 border-emerald-300',
  failed: 'bg-red-50 text-red-900 border-red-300',
  void: 'bg-slate-100 text-slate-800 border-slate-300',
};

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('account');
  const lng = i18n.language;
  const period = t('invoices.periodRange', { from: formatDate(invoice.periodStart, lng), to: formatDate(invoice.periodEnd, lng) });
  return (
    <li>
      <Link
        to={`/invoices/${encodeURIComponent(invoice.id)}`}
        className="grid min-h-11 grid-cols-2 items-center gap-x-4 gap-y-1 p-3 hover:bg-slate-50 sm:grid-cols-[8rem_1fr_8rem_8rem]"
      >
        <span className="font-semibold">{t('invoices.number', { number: invoice.number })}</span>
        <span
          data-testid="invoice-status"
          className={`justify-self-end rounded-full border px-2.5 py-0.5 text-sm font-semibold sm:order-last ${statusStyles[invoice.status]}`}
        >
          {t(`invoices.status.${invoice.status}`)}
        </span>
        <span className="text-sm text-slate-700">{period}</span>
        <span className="justify-self-end font-medium sm:justify-self-start">{formatIls(invoice.totalAgorot / 100, lng)}</span>
      </Link>
    </li>
  );
}

/**
 * The project's invoices for its admins and managers, newest first as the server sends them; each
 * opens the printable original (docs/product.md "Account profile", "Tax invoice").
 */
export function AccountInvoicesSection() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const invoices = useInvoices();

  let body;
  if (invoices.data) {
    body = invoices.data.length ? (
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {invoices.data.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} />
        ))}
      </ul>
    ) : (
      <p className="text-slate-700">{t('invoices.empty')}</p>
    );
  } else if (invoices.isPending) {
    body = <Loading />;
  } else {
    body = (
      <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
        <p>{errorText(invoices.error, t('invoices.loadError'))}</p>
        <Button variant="secondary" onClick={() => void invoices.refetch()} disabled={invoices.isFetching}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="account-invoices" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-invoices" className="mb-3 text-lg font-semibold text-slate-900">
        {t('invoices.title')}
      </h2>
      {body}
    </section>
  );
}
