import { useMemo, useState } from 'react';
import { BILLING_FILTERS, STATUS_FILTERS, filterCustomers, type CustomerFilters } from '#contract/admin-filters.ts';
import type { CustomerBilling } from '#contract/billing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { exportUrl, useCustomersBilling, useReactivateAccount } from '../api/admin.ts';
import { CustomerDetailsDialog } from '../components/customer-details-dialog.tsx';
import { CustomerCards, CustomerTable, type CustomerActionHandlers } from '../components/customer-list.tsx';
import { CustomerSummary } from '../components/customer-summary.tsx';
import { DeactivateDialog } from '../components/deactivate-dialog.tsx';
import { PriceDialog } from '../components/price-dialog.tsx';
import { summarise } from '../lib/billing-view.ts';

const exportLink =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100';

function Filters({ filters, onChange }: { filters: CustomerFilters; onChange: (f: CustomerFilters) => void }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <div
      role="search"
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
    >
      <TextField
        label={t('filters.search')}
        hint={t('filters.searchHint')}
        type="search"
        autoComplete="off"
        value={filters.q}
        onChange={(e) => onChange({ ...filters, q: e.target.value })}
      />
      <SelectField
        label={t('filters.status')}
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value as CustomerFilters['status'] })}
      >
        {STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {t(`filters.statusOptions.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('filters.billing')}
        value={filters.billing}
        onChange={(e) => onChange({ ...filters, billing: e.target.value as CustomerFilters['billing'] })}
      >
        {BILLING_FILTERS.map((b) => (
          <option key={b} value={b}>
            {t(`filters.billingOptions.${b}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex gap-2">
        <a className={exportLink} href={exportUrl('xlsx', filters, i18n.language)} download data-testid="export-xlsx">
          {t('export.xlsx')}
        </a>
        <a className={exportLink} href={exportUrl('csv', filters, i18n.language)} download data-testid="export-csv">
          {t('export.csv')}
        </a>
      </div>
    </div>
  );
}

/** /customer-billing: every project's owner and billing (docs/product.md "Platform admin screens"). */
export default function CustomerBillingPage() {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const errorText = useErrorText();
  const query = useCustomersBilling();
  const reactivate = useReactivateAccount();
  const [filters, setFilters] = useState<CustomerFilters>({ q: '', status: 'all', billing: 'all' });
  const [details, setDetails] = useState<CustomerBilling | null>(null);
  const [pricing, setPricing] = useState<CustomerBilling | null>(null);
  const [deactivating, setDeactivating] = useState<CustomerBilling | null>(null);
  const all = query.data;
  const rows = useMemo(() => all && filterCustomers(all, filters), [all, filters]);

  const handlers: CustomerActionHandlers = {
    onDetails: setDetails,
    onPrice: setPricing,
    onDeactivate: setDeactivating,
    activatingId: reactivate.isPending ? (reactivate.variables ?? null) : null,
    onActivate: (row) => {
      if (reactivate.isPending) return;
      reactivate.mutate(row.id, {
        onSuccess: () => toast({ title: t('activate.done'), variant: 'success' }),
        onError: (err) => toast({ title: errorText(err), variant: 'destructive' }),
      });
    },
  };

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">{t('billing.title')}</h1>
      {query.isError && !query.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900">
          {t('billing.loadError')}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {tc('actions.retry')}
          </Button>
        </div>
      ) : !all || !rows ? (
        <Loading label={t('billing.loading')} />
      ) : (
        <>
          <CustomerSummary summary={summarise(all)} />
          <Filters filters={filters} onChange={setFilters} />
          {rows.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700" data-testid="customers-empty">
              {t('billing.empty')}
            </p>
          ) : (
            <section aria-busy={query.isFetching} aria-label={t('billing.title')}>
              <CustomerTable rows={rows} h={handlers} />
              <CustomerCards rows={rows} h={handlers} />
            </section>
          )}
        </>
      )}
      <CustomerDetailsDialog row={details} onClose={() => setDetails(null)} />
      <PriceDialog row={pricing} onClose={() => setPricing(null)} />
      <DeactivateDialog row={deactivating} onClose={() => setDeactivating(null)} />
    </div>
  );
}
