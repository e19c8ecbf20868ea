import { useCallback, useMemo } from 'react';
import { cardInput } from '#contract/auth.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { EXPIRY_MONTHS, expiryYears, type CardField, type CardFormValues, type FieldProblem } from './card-form.ts';
import { SelectField, TextField } from './ui/field.tsx';

/** The card's words live in the account namespace: the card on file is the account's. */
const NS = 'account';

const INVALID_KEY: Record<CardField, string> = {
  cardHolderName: 'cardFields.invalid.holder',
  cardNumber: 'cardFields.invalid.number',
  cardExpiryMonth: 'cardFields.invalid.expiry',
  cardExpiryYear: 'cardFields.invalid.expiry',
  cardCvv: 'cardFields.invalid.cvv',
};

/** Words for the problems `cardProblems` found, one per field. */
export function useCardProblemWords() {
  const { t } = useTranslation(NS);
  return useCallback(
    (problems: Partial<Record<CardField, FieldProblem>>) => {
      const words: Partial<Record<CardField, string>> = {};
      for (const [field, problem] of Object.entries(problems) as [CardField, FieldProblem][]) {
        words[field] = problem === 'required' ? t('cardFields.required') : t(INVALID_KEY[field]);
      }
      return words;
    },
    [t],
  );
}

/**
 * The payment-card fields: holder, number, expiry month and year, CVV — all required. The number
 * and CVV stay in the caller's state only; `errors` are words, one per field.
 */
export function CardFields({
  values,
  errors = {},
  onChange,
}: {
  values: CardFormValues;
  errors?: Partial<Record<CardField, string>>;
  onChange: (field: CardField, value: string) => void;
}) {
  const { t } = useTranslation(NS);
  const years = useMemo(() => expiryYears(), []);
  const bind = (field: CardField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    required: true,
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });

  return (
    <>
      <TextField
        label={t('cardFields.holder')}
        autoComplete="cc-name"
        maxLength={cardInput.shape.cardHolderName.maxLength ?? undefined}
        dir="auto"
        {...bind('cardHolderName')}
      />
      <TextField
        label={t('cardFields.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={19}
        dir="ltr"
        {...bind('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField label={t('cardFields.month')} autoComplete="cc-exp-month" {...bind('cardExpiryMonth')}>
          <option value="">{t('cardFields.chooseMonth')}</option>
          {EXPIRY_MONTHS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('cardFields.year')} autoComplete="cc-exp-year" {...bind('cardExpiryYear')}>
          <option value="">{t('cardFields.chooseYear')}</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label={t('cardFields.cvv')} inputMode="numeric" autoComplete="cc-csc" maxLength={3} dir="ltr" {...bind('cardCvv')} />
    </>
  );
}
