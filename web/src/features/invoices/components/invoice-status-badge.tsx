import type { InvoiceStatus } from '#contract/billing.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';

const styles: Record<InvoiceStatus, string> = {
  open: 'bg-blue-50 text-blue-900 border-blue-300',
  paid: 'bg-emerald-50 text-emerald-900 border-emerald-300',
  failed: 'bg-red-50 text-red-900 border-red-300',
  void: 'bg-slate-100 text-slate-800 border-slate-300',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold ${styles[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
