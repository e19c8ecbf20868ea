import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { CardFields, useCardProblemWords } from '#web/components/card-fields.tsx';
import {
  CARD_FIELDS,
  cardFieldOf,
  cardPayload,
  cardProblems,
  emptyCardForm,
  type CardField,
  type CardFormValues,
} from '#web/components/card-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useUpdateCard } from '../api/account.ts';

export function CardUpdateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const problemWords = useCardProblemWords();
  const errorText = useErrorText();
  const update = useUpdateCard();
  const [values, setValues] = useState<CardFormValues>(emptyCardForm);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});

  // The card number and CVV live only in this form: cleared whenever the dialog closes.
  const close = (next: boolean) => {
    if (!next) {
      setValues(emptyCardForm());
      setErrors({});
    }
    onOpenChange(next);
  };

  const change = (field: CardField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const refused = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'unauthorized') return; // the shell reports it and signs out
    const text = errorText(err, t('cardForm.errorDefault'));
    const field = err instanceof ApiError ? cardFieldOf(err.code) : undefined;
    if (field) setErrors({ [field]: text });
    toast({ title: t('cardForm.errorTitle'), description: text, variant: 'destructive' });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (update.isPending) return;
    const problems = cardProblems(values);
    setErrors(problemWords(problems));
    const first = CARD_FIELDS.find((f) => problems[f]);
    if (first) {
      const control = e.currentTarget.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    update.mutate(cardPayload(values), {
      onSuccess: ({ payment }) => {
        // The new card pays what is owed at once (docs/product.md "Billing and VAT"): say how that went.
        if (payment.failed > 0) {
          toast({ title: t('cardForm.success'), description: t('cardForm.paymentDeclined'), variant: 'destructive' });
        } else if (payment.charged > 0) {
          toast({ title: t('cardForm.success'), description: t('cardForm.paymentMade', { count: payment.charged }), variant: 'success' });
        } else {
          toast({ title: t('cardForm.success'), variant: 'success' });
        }
        close(false);
      },
      onError: refused,
    });
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t('cardForm.title')} description={t('cardForm.description')}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={update.isPending}>
        <CardFields values={values} errors={errors} onChange={change} />
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
