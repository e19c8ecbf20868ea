import type { ReactNode } from 'react';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { BrandLogo } from './brand-logo.tsx';

/** The signed-out pages' card (password recovery, the forced change): logo, name, language, one titled section. */
export function AuthPageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t: tc } = useTranslation('common');
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-b from-blue-50 to-slate-100 px-4 py-10">
      <main className="w-full max-w-md">
        <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8">
          <header className="flex flex-col items-center text-center">
            <BrandLogo />
            <p className="mt-3 text-2xl font-bold text-blue-900">{tc('appName')}</p>
          </header>
          <LanguageSelect className="mx-auto mt-4 max-w-48" />
          <h1 className="mt-6 text-xl font-semibold text-slate-900">{title}</h1>
          <div className="mt-4 space-y-4">{children}</div>
        </div>
      </main>
    </div>
  );
}

/** A link styled as the card's secondary button (back to sign-in, ask for a new link). */
export const cardLinkClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-md border border-blue-700 px-4 py-2 text-sm font-medium text-blue-800 hover:bg-blue-50';

/** A refusal or a check that failed, read out when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </div>
  );
}
