import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { Profile } from '#contract/auth.ts';
import { brandName, formatExpiry, maskedCardNumber } from '../format.ts';
import { DetailsList } from './details-list.tsx';

/** The card on file as the owner recognises it — never more than the last four digits (docs/product.md, "No card data stored"). */
export function CardSummary({ card }: { card: Profile['card'] }) {
  const { t } = useTranslation('account');
  if (!card) return <p className="text-slate-700">{t('card.none')}</p>;
  const last4 = card.last4.replace(/\D/g, '').slice(-4);
  return (
    <DetailsList
      items={[
        {
          label: t('card.number'),
          value: (
            // Digits read left to right even in a right-to-left page.
            <>
              <span dir="ltr" aria-hidden className="font-mono tracking-wider" data-testid="masked-card">
                {maskedCardNumber(card.last4)}
              </span>
              <span className="sr-only">{t('card.endingIn', { last4 })}</span>
            </>
          ),
        },
        { label: t('card.brand'), value: brandName(card.brand) ?? t('card.genericBrand') },
        { label: t('card.expiry'), value: <span dir="ltr">{formatExpiry(card.expiryMonth, card.expiryYear)}</span> },
        { label: t('card.holder'), value: card.holderName ? <bdi>{card.holderName}</bdi> : t('notProvided') },
      ]}
    />
  );
}
