import { DEFAULT_LOCALE, LOCALES, type Locale } from '#contract/constants.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';

const FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormatChoice = (typeof FORMATS)[number];

/** The screen's language as an export language (docs/product.md "Exports"); Hebrew when unknown. */
export const exportLang = (language: string | undefined): Locale => LOCALES.find((l) => l === language?.slice(0, 2)) ?? DEFAULT_LOCALE;

/**
 * The download address: the list's filters (empty and "all" values left out, as the list sends
 * them), then the format and the language.
 */
export function exportHref(path: string, filters: Record<string, string | undefined>, format: ExportFormatChoice, lang: Locale): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const v = value?.trim();
    if (v && v !== 'all') params.set(key, v);
  }
  params.set('format', format);
  params.set('lang', lang);
  return `${path}?${params.toString()}`;
}

/**
 * "Export: Excel (.xlsx) | CSV" for a list screen: plain links, so the browser downloads the file
 * with the session cookie (same origin) and names it from Content-Disposition.
 */
export function ExportButtons({
  path,
  filters,
  className = '',
}: {
  path: string;
  filters: Record<string, string | undefined>;
  className?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const lang = exportLang(i18n.language);
  return (
    <div role="group" aria-label={t('export.label')} className={`flex flex-wrap items-center gap-2 ${className}`}>
      <span className="text-sm font-medium text-slate-700" aria-hidden="true">
        {t('export.label')}
      </span>
      {FORMATS.map((format) => (
        <a
          key={format}
          href={exportHref(path, filters, format, lang)}
          download
          data-testid={`export-${format}`}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {/* A left-to-right format name ("Excel (.xlsx)"): isolated so a right-to-left line keeps its brackets and dot in place. */}
          <bdi dir="ltr">{t(`export.${format}`)}</bdi>
        </a>
      ))}
    </div>
  );
}
