import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { ApiError } from '../../../lib/api.ts';
import { useUpdateCard } from '../api/account.ts';

interface CardForm {
  cardHolderName: string;
  cardNumber: string;
  cardExpiryMonth: string;
  cardExpiryYear: string;
  cardCvv: string;
}
type Field = keyof CardForm;
const FIELDS: Field[] = ['cardHolderName', 'cardNumber', 'cardExpiryMonth', 'cardExpiryYear', 'cardCvv'];
const empty: CardForm = { cardHolderName: '', cardNumber: '', cardExpiryMonth: '', cardExpiryYear: '', cardCvv: '' };

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** Spec §5: the current year and the nine after it. */
export const expiryYears = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);

/** The server's own message for a refused card, else the spec's default. A 401 is the shell's to report. */
const serverMessage = (err: unknown) => (err instanceof ApiError ? err.serverMessage : undefined);

export function CardUpdateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const update = useUpdateCard();
  const [form, setForm] = useState<CardForm>(empty);
  const [missing, setMissing] = useState<Set<Field>>(new Set());

  // The card number and CVV live only in this form: cleared whenever the dialog closes.
  const close = (next: boolean) => {
    if (!next) {
      setForm(empty);
      setMissing(new Set());
    }
    onOpenChange(next);
  };

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    if (missing.has(field)) setMissing((m) => new Set([...m].filter((x) => x !== field)));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (update.isPending) return;
    const blank = FIELDS.filter((f) => !form[f].trim());
    setMissing(new Set(blank));
    if (blank.length > 0) {
      const control = (e.currentTarget as HTMLFormElement).elements.namedItem(blank[0]);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    update.mutate(
      {
        cardHolderName: form.cardHolderName.trim(),
        cardNumber: form.cardNumber.replace(/[\s-]/g, ''),
        cardExpiryMonth: Number(form.cardExpiryMonth),
        cardExpiryYear: Number(form.cardExpiryYear),
        cardCvv: form.cardCvv.trim(),
      },
      {
        onSuccess: () => {
          toast({ title: t('cardForm.success'), variant: 'success' });
          close(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) return;
          toast({ title: t('cardForm.errorTitle'), description: serverMessage(err) ?? t('cardForm.errorDefault'), variant: 'destructive' });
        },
      },
    );
  };

  const error = (field: Field) => (missing.has(field) ? t('cardForm.required') : undefined);
  const selectError = (field: Field) =>
    missing.has(field) ? (
      <p id={`card-field-${field}-error`} className="text-xs text-red-700">
        {t('cardForm.required')}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={close} title={t('cardForm.title')} description={t('cardForm.description')}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={update.isPending}>
        <TextField
          name="cardHolderName"
          label={t('cardForm.holder')}
          required
          autoComplete="cc-name"
          maxLength={100}
          value={form.cardHolderName}
          onChange={set('cardHolderName')}
          error={error('cardHolderName')}
        />
        <TextField
          name="cardNumber"
          label={t('cardForm.number')}
          required
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={19}
          value={form.cardNumber}
          onChange={set('cardNumber')}
          error={error('cardNumber')}
        />
        <div className="grid grid-cols-2 gap-3">
          <div>
            <SelectField
              name="cardExpiryMonth"
              label={t('cardForm.month')}
              required
              autoComplete="cc-exp-month"
              value={form.cardExpiryMonth}
              onChange={set('cardExpiryMonth')}
              aria-invalid={missing.has('cardExpiryMonth') || undefined}
              aria-describedby={missing.has('cardExpiryMonth') ? 'card-field-cardExpiryMonth-error' : undefined}
            >
              <option value="">{t('cardForm.chooseMonth')}</option>
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </SelectField>
            {selectError('cardExpiryMonth')}
          </div>
          <div>
            <SelectField
              name="cardExpiryYear"
              label={t('cardForm.year')}
              required
              autoComplete="cc-exp-year"
              value={form.cardExpiryYear}
              onChange={set('cardExpiryYear')}
              aria-invalid={missing.has('cardExpiryYear') || undefined}
              aria-describedby={missing.has('cardExpiryYear') ? 'card-field-cardExpiryYear-error' : undefined}
            >
              <option value="">{t('cardForm.chooseYear')}</option>
              {expiryYears().map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </SelectField>
            {selectError('cardExpiryYear')}
          </div>
        </div>
        <TextField
          name="cardCvv"
          label={t('cardForm.cvv')}
          required
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={3}
          value={form.cardCvv}
          onChange={set('cardCvv')}
          error={error('cardCvv')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={update.isPending}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('cardForm.saving') : t('cardForm.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
