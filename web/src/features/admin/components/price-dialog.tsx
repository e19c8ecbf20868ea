import { useState, type FormEvent } from 'react';
import type { CustomerBilling } from '#contract/billing.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { FormActions } from '#web/components/ui/form-actions.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useChangePrice } from '../api/admin.ts';

const MAX_PRICE = 1_000_000;

function PriceForm({ row, onClose }: { row: CustomerBilling; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const change = useChangePrice();
  const [value, setValue] = useState(String(row.monthlyPrice));
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    const price = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(price) || price < 0 || price > MAX_PRICE) {
      setError(t('price.invalid'));
      return;
    }
    change.mutate(
      { projectId: row.id, monthlyPrice: Math.round(price * 100) / 100 },
      {
        onSuccess: () => {
          toast({ title: t('price.saved'), variant: 'success' });
          onClose();
        },
        onError: (err) => toast({ title: errorText(err), variant: 'destructive' }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t('price.label')}
        hint={t('price.hint')}
        inputMode="decimal"
        required
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
      />
      <FormActions onCancel={onClose} saving={change.isPending} savingLabel={t('price.saving')} />
    </form>
  );
}

/** The monthly price before VAT, from the next period on (docs/product.md "Billing and VAT"). */
export function PriceDialog({ row, onClose }: { row: CustomerBilling | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('price.title')}
      description={row ? <bdi>{row.facilityName}</bdi> : undefined}
    >
      {row && <PriceForm key={row.id} row={row} onClose={onClose} />}
    </Dialog>
  );
}
