import type { CustomerBilling } from '#contract/billing.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';

/** `•••• 4242` and the brand (with holder and expiry on request), or "no card". */
export function MaskedCard({ card, withDetails = false }: { card: CustomerBilling['card']; withDetails?: boolean }) {
  const { t } = useTranslation('admin');
  if (!card) return <span className="text-slate-600">{t('billing.noCard')}</span>;
  const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2" data-testid="masked-card">
      <bdi dir="ltr" className="font-mono whitespace-nowrap">
        •••• {card.last4}
      </bdi>
      <span className="text-slate-700">{card.brand}</span>
      {withDetails && (
        <>
          <span className="text-slate-700">
            · {t('billing.holder')}: <bdi>{card.holderName}</bdi>
          </span>
          <span className="text-slate-700">
            · {t('billing.expiry')}: <bdi dir="ltr">{expiry}</bdi>
          </span>
        </>
      )}
    </span>
  );
}
