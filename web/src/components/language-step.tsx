import { LOCALES, type Locale } from '#contract/constants.ts';
import { LANGUAGE_NAMES } from './language-select.tsx';
import { dirOf } from '#web/lib/i18n.ts';
import { CheckIcon, GlobeIcon } from './ui/icons.tsx';

/**
 * Every language as a big button, named in its own script so anyone finds theirs: the QR page's
 * step 1, and the unit page's first screen on a phone that never chose a language. `title` comes in
 * the page's own words, so neither page waits for the other's.
 */
export function LanguageStep({ title, current, onChoose }: { title: string; current: string; onChoose: (lng: Locale) => void }) {
  return (
    <section aria-labelledby="language-step-title" className="space-y-4">
      <h1 id="language-step-title" className="flex items-center gap-3 text-2xl font-bold text-slate-900">
        <GlobeIcon className="h-9 w-9" />
        {title}
      </h1>
      <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
        {LOCALES.map((lng) => (
          <li key={lng}>
            <button
              type="button"
              lang={lng}
              dir={dirOf(lng)}
              aria-current={lng === current ? 'true' : undefined}
              onClick={() => onChoose(lng)}
              className={`flex min-h-16 w-full items-center justify-between gap-3 rounded-xl border-2 px-4 py-3 text-start text-2xl font-semibold transition-colors focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300 ${
                lng === current ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100'
              }`}
              data-testid={`language-${lng}`}
            >
              <span>{LANGUAGE_NAMES[lng]}</span>
              {lng === current && <CheckIcon className="h-6 w-6" />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
