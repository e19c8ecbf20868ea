import { useId } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { LOCALES, type Locale } from '#contract/constants.ts';
import { setLanguage } from '#web/lib/i18n.ts';

/** Each language named in its own script, so anyone can find theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  he: 'עברית',
  en: 'English',
  ru: 'Русский',
  ar: 'العربية',
  uk: 'Українська',
  hi: 'हिन्दी',
  am: 'አማርኛ',
};

export function LanguageSelect({ className = '', selectClassName = 'w-full' }: { className?: string; selectClassName?: string }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => void setLanguage(e.target.value as Locale)}
        className={`min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm ${selectClassName}`}
        data-testid="language-select"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
