import { CardActions } from '#web/components/ui/card-actions.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { TaskTemplate } from '#contract/templates.ts';
import { unitTypeLabelKey } from '#contract/project-types.ts';
import { templateText } from '../api/templates.ts';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium';

export function TaskTemplateCard({ template, onEdit, onDelete }: { template: TaskTemplate; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('templates');
  const { name, description } = templateText(template, i18n.language);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-2">
        <h3 className="font-semibold break-words text-slate-900">{name}</h3>
        {description && <p className="text-sm break-words text-slate-700">{description}</p>}
        <ul className="flex flex-wrap gap-2" aria-label={t('list.details', { name })}>
          <li className={`${badge} bg-slate-100 text-slate-800`}>
            {template.roomType
              ? t(unitTypeLabelKey(template.roomType), { defaultValue: template.roomType })
              : t(template.facilityType === 'construction' ? 'roomTypes.all' : 'roomTypes.allRooms')}
          </li>
          <li className={`${badge} bg-blue-50 text-blue-900`}>{t('list.minutes', { minutes: template.estimatedMinutes })}</li>
          <li className={`${badge} bg-slate-100 text-slate-800`}>{t('list.order', { order: template.sortOrder })}</li>
          <li className={`${badge} ${template.isRequired ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-800'}`}>
            {template.isRequired ? t('list.required') : t('list.optional')}
          </li>
          {template.requiresPhoto && <li className={`${badge} bg-emerald-50 text-emerald-900`}>{t('list.photo')}</li>}
        </ul>
      </div>
      <CardActions itemName={name} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}
