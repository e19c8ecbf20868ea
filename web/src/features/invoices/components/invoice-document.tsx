import type { InvoiceDocument as InvoiceDocumentData, InvoiceStatus } from '#contract/billing.ts';
import { formatAgorot, formatDay, formatDayInIsrael, formatVatRate } from '../lib/format.ts';

/**
 * The document's words. They are fixed Hebrew, not i18n keys: an Israeli tax invoice is issued in
 * Hebrew whatever language the reader's interface is in (docs/product.md "Tax invoice").
 */
const WORDS = {
  title: 'חשבונית מס',
  original: 'מקור',
  copy: 'העתק',
  registration: 'ע.מ./ח.פ.',
  number: 'מספר חשבונית',
  issueDate: 'תאריך הפקה',
  customer: 'לכבוד',
  description: 'תיאור',
  period: 'תקופה',
  amount: 'סכום',
  beforeVat: 'סה״כ לפני מע״מ',
  vat: 'מע״מ',
  total: 'סה״כ לתשלום',
  status: 'סטטוס',
  paidOn: 'שולמה בתאריך',
  unpaid: 'טרם שולמה',
  void: 'בוטלה',
} as const;

function statusWords(status: InvoiceStatus, paidAt: string | null): string {
  switch (status) {
    case 'paid':
      return paidAt ? `${WORDS.paidOn} ${formatDayInIsrael(paidAt)}` : WORDS.paidOn;
    case 'void':
      return WORDS.void;
    case 'open':
    case 'failed':
      return WORDS.unpaid;
  }
}

/** Numbers and dates read left to right inside the right-to-left document. */
const Ltr = ({ children, testId }: { children: string; testId?: string }) => (
  <span dir="ltr" className="inline-block" data-testid={testId}>
    {children}
  </span>
);

function TotalRow({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-6 py-1 ${strong ? 'border-t-2 border-slate-900 pt-2 text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <Ltr testId={testId}>{value}</Ltr>
      </dd>
    </div>
  );
}

/**
 * The printable tax invoice: A4, right to left, in Hebrew; marked original (the customer's) or copy
 * (the platform admin's). `invoice-print-area` is what the page prints (see InvoicePrintStyles).
 */
export function InvoiceDocument({ invoice, copy }: { invoice: InvoiceDocumentData; copy: boolean }) {
  const { seller } = invoice;
  const period = `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`;
  return (
    <article
      dir="rtl"
      lang="he"
      aria-labelledby="invoice-title"
      data-testid="invoice-document"
      className="invoice-print-area mx-auto w-full max-w-[210mm] space-y-6 bg-white p-6 text-start text-slate-900 shadow-md ring-1 ring-slate-300 sm:p-10 print:max-w-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="flex flex-col gap-4 border-b-2 border-slate-900 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <p className="text-xl font-bold">
            <bdi>{seller.name}</bdi>
          </p>
          <p>
            {WORDS.registration} <Ltr>{seller.registrationNumber}</Ltr>
          </p>
          <p>
            <bdi>{seller.address}</bdi>
          </p>
        </div>
        <div className="space-y-1 sm:text-end">
          <h1 id="invoice-title" className="flex items-center gap-3 text-2xl font-bold sm:justify-end">
            <span>
              {WORDS.title} <Ltr>{String(invoice.number)}</Ltr>
            </span>
            <span data-testid="invoice-mark" className="rounded border-2 border-slate-900 px-2 py-0.5 text-base">
              {copy ? WORDS.copy : WORDS.original}
            </span>
          </h1>
          <dl className="space-y-1">
            <div className="flex gap-2 sm:justify-end">
              <dt>{WORDS.number}:</dt>
              <dd>
                <Ltr>{String(invoice.number)}</Ltr>
              </dd>
            </div>
            <div className="flex gap-2 sm:justify-end">
              <dt>{WORDS.issueDate}:</dt>
              <dd>
                <Ltr testId="invoice-issue-date">{formatDay(invoice.issueDate)}</Ltr>
              </dd>
            </div>
          </dl>
        </div>
      </header>

      <section aria-labelledby="invoice-customer" className="space-y-1">
        <h2 id="invoice-customer" className="font-semibold">
          {WORDS.customer}
        </h2>
        <p className="text-lg font-medium">
          <bdi>{invoice.customerName}</bdi>
        </p>
        {invoice.customerContact && (
          <p>
            <bdi>{invoice.customerContact}</bdi>
          </p>
        )}
        {invoice.customerCity && (
          <p>
            <bdi>{invoice.customerCity}</bdi>
          </p>
        )}
      </section>

      {/* Fixed column widths and padding on both sides of every cell: printed in Hebrew, the
          description, the period and the amount stay apart, each in its own column. */}
      <table className="w-full table-fixed border-collapse text-start">
        <colgroup>
          <col className="w-1/2" />
          <col className="w-[30%]" />
          <col className="w-1/5" />
        </colgroup>
        <thead>
          <tr className="border-b border-slate-900">
            <th scope="col" className="py-2 pe-3 text-start">
              {WORDS.description}
            </th>
            <th scope="col" className="px-3 py-2 text-start">
              {WORDS.period}
            </th>
            <th scope="col" className="py-2 ps-3 text-end">
              {WORDS.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-300 align-top" data-testid="invoice-line">
            <td className="py-2 pe-3 break-words">
              <bdi>{invoice.description}</bdi>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Ltr>{period}</Ltr>
            </td>
            <td className="py-2 ps-3 text-end whitespace-nowrap">
              <Ltr>{formatAgorot(invoice.amountAgorot)}</Ltr>
            </td>
          </tr>
        </tbody>
      </table>

      <dl className="ms-auto w-full max-w-xs">
        <TotalRow label={WORDS.beforeVat} value={formatAgorot(invoice.amountAgorot)} testId="invoice-amount" />
        <TotalRow
          label={`${WORDS.vat} ${formatVatRate(invoice.vatBasisPoints)}`}
          value={formatAgorot(invoice.vatAgorot)}
          testId="invoice-vat"
        />
        <TotalRow label={WORDS.total} value={formatAgorot(invoice.totalAgorot)} strong testId="invoice-total" />
      </dl>

      <p data-testid="invoice-status" className="font-medium">
        {WORDS.status}: {statusWords(invoice.status, invoice.paidAt)}
      </p>
    </article>
  );
}
