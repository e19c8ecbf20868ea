import { useTranslation } from '#web/lib/i18n-react.tsx';
import { QUICK_TEMPLATES, expandTemplates, type RoomTemplate } from '#contract/generator.ts';
import { unitTypeLabelKey } from '#contract/project-types.ts';

export type QuickTemplateName = keyof typeof QUICK_TEMPLATES;
const NAMES = Object.keys(QUICK_TEMPLATES) as QuickTemplateName[];

export function QuickTemplates({ onUse, disabled }: { onUse: (templates: RoomTemplate[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('generator');
  return (
    <section aria-labelledby="quick-templates-title" className="space-y-3">
      <div>
        <h2 id="quick-templates-title" className="text-lg font-semibold text-slate-900">
          {t('quick.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('quick.hint')}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {NAMES.map((name) => {
          const templates = QUICK_TEMPLATES[name];
          const title = t(`quick.${name}`);
          return (
            <li key={name} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <ul className="flex-1 space-y-1 text-sm text-slate-800">
                {templates.map((tpl, i) => (
                  <li key={i} className="flex flex-wrap justify-between gap-x-2">
                    <bdi dir="ltr" className="font-mono">
                      {tpl.prefix}
                      {tpl.startNumber}–{tpl.prefix}
                      {tpl.endNumber}
                    </bdi>
                    <span>{t(unitTypeLabelKey(tpl.roomType), { defaultValue: tpl.roomType })}</span>
                  </li>
                ))}
              </ul>
              <p className="text-sm font-medium text-slate-900">{t('quick.units', { count: expandTemplates(templates).length })}</p>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onUse(templates)}
                aria-label={t('quick.useNamed', { name: title })}
                className="min-h-11 rounded-md border border-blue-700 px-4 text-sm font-medium text-blue-800 hover:bg-blue-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500"
              >
                {t('quick.use')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
