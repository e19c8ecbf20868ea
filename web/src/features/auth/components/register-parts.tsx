import type { ReactNode } from 'react';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { usePricing } from '../api/auth.ts';

/** One titled group of the registration form, two columns from `sm`. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 w-full border-b border-slate-200 pb-2 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The bar above the registration page: the mark, the product's name, the language. */
export function RegisterHeader() {
  const { t: tc } = useTranslation('common');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2">
        <BrandLogo className="h-9 w-9" />
        <span className="text-xl font-bold text-blue-900">{tc('appName')}</span>
        <LanguageSelect className="ms-auto w-36" />
      </div>
    </header>
  );
}

/** Where the card details go and what is kept of them. */
export function CardNote() {
  const { t } = useTranslation('auth');
  return (
    <p className="flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900 sm:col-span-2" data-testid="card-note">
      <svg
        viewBox="0 0 24 24"
        className="mt-0.5 h-5 w-5 shrink-0"
        aria-hidden
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 018 0v3" />
      </svg>
      <span>{t('register.cardNote')}</span>
    </p>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden focusable="false" fill="currentColor">
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.7-9.3a1 1 0 00-1.4-1.4L9 10.6 7.7 9.3a1 1 0 00-1.4 1.4l2 2a1 1 0 001.4 0l4-4z"
      />
    </svg>
  );
}

/** What a registered project gets, beside the form. */
export function RegisterBenefits() {
  const { t } = useTranslation('auth');
  return (
    <aside aria-labelledby="benefits-title" className="rounded-2xl bg-white p-4 shadow sm:p-6 lg:sticky lg:top-6">
      <h2 id="benefits-title" className="text-lg font-semibold text-slate-900">
        {t('register.benefits.title')}
      </h2>
      <ul className="mt-4 space-y-3 text-slate-800">
        {(['qr', 'stages', 'realtime', 'separate', 'billing'] as const).map((key) => (
          <li key={key} className="flex items-start gap-2">
            <CheckIcon />
            <span>{t(`register.benefits.${key}`)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * The platform's price, read from the server: the registrant does not set it (docs/product.md
 * "The price belongs to the platform").
 */
export function RegisterPrice() {
  const { t, i18n } = useTranslation('auth');
  const pricing = usePricing();
  const money = (n: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'ILS', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
      n,
    );
  return (
    <div className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950 sm:col-span-2" data-testid="register-price">
      <p className="font-medium">{t('register.price.label')}</p>
      {pricing.data ? (
        <>
          <p className="text-base font-semibold">{t('register.price.amount', { price: money(pricing.data.monthlyPrice) })}</p>
          <p className="text-xs">{t('register.price.withVat', { total: money(pricing.data.monthlyPriceWithVat) })}</p>
        </>
      ) : (
        <p>{pricing.isError ? t('register.price.unavailable') : t('register.price.loading')}</p>
      )}
    </div>
  );
}
