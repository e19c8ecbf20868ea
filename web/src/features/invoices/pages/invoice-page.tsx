import { useParams } from 'react-router';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useInvoiceDocument } from '../api/invoices.ts';
import { InvoiceView } from '../components/invoice-view.tsx';

/** /invoices/:id — the project's own tax invoice, the original (docs/product.md "Tax invoice"). */
export default function InvoicePage() {
  const { t } = useTranslation('invoices');
  const { id = '' } = useParams();
  const query = useInvoiceDocument(id);
  return <InvoiceView query={query} copy={false} back={{ to: '/account-profile', label: t('document.backToAccount') }} />;
}
