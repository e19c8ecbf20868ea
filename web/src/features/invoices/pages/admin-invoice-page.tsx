import { useParams } from 'react-router';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useAdminInvoiceDocument } from '../api/invoices.ts';
import { InvoiceView } from '../components/invoice-view.tsx';

/** /customer-billing/invoices/:id — a project's tax invoice for the platform admin, marked copy (docs/product.md "Tax invoice"). */
export default function AdminInvoicePage() {
  const { t } = useTranslation('invoices');
  const { id = '' } = useParams();
  const query = useAdminInvoiceDocument(id);
  const projectId = query.data?.projectId;
  const back = projectId
    ? { to: `/customer-billing/projects/${encodeURIComponent(projectId)}`, label: t('document.backToProject') }
    : { to: '/customer-billing', label: t('project.back') };
  return <InvoiceView query={query} copy back={back} />;
}
