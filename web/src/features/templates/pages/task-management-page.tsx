import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { templateFacilityTypeOf, type TaskTemplate } from '#contract/templates.ts';
import { TEMPLATE_PROJECT_TYPES, projectTypeLabelKey } from '#contract/project-types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SelectField } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { isTemplateFacilityType, templateText, useTaskTemplates, type TemplateFacilityType } from '../api/templates.ts';
import { useTemplateActions, type Editing } from '../lib/use-template-actions.ts';
import { TaskTemplateCard } from '../components/task-template-card.tsx';
import { TaskTemplateForm } from '../components/task-template-form.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

/** Facility types that come with a default task list: construction's inspection stages, a hotel's daily cleaning. */
const WITH_DEFAULTS: readonly TemplateFacilityType[] = ['construction', 'hotel'];

export default function TaskManagementPage() {
  const { t, i18n } = useTranslation('templates');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const { data: user } = useAuthUser();
  const [chosen, setChosen] = useState<TemplateFacilityType | null>(null);
  // Until the manager picks one, the filter follows the project's own facility type.
  const facilityType: TemplateFacilityType = chosen ?? templateFacilityTypeOf(user?.facilityType);

  const templates = useTaskTemplates(facilityType);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TaskTemplate | null>(null);
  const actions = useTemplateActions(facilityType, { editing, done: () => setEditing(null), deleting, deleted: () => setDeleting(null) });

  const hasDefaults = WITH_DEFAULTS.includes(facilityType);
  const defaultsButton = hasDefaults && (
    <Button variant="secondary" onClick={actions.addDefaults} disabled={actions.addingDefaults} aria-describedby="defaults-hint">
      {actions.addingDefaults ? t('actions.addingDefaults') : t('actions.addDefaults')}
    </Button>
  );
  const list = templates.data ?? [];

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-700">{t('subtitle')}</p>
      </header>

      <section
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
        aria-label={t('toolbar')}
      >
        <div className="sm:w-56">
          <SelectField
            label={t('facilityFilter')}
            value={facilityType}
            onChange={(e) => isTemplateFacilityType(e.target.value) && setChosen(e.target.value)}
          >
            {TEMPLATE_PROJECT_TYPES.map((f) => (
              <option key={f} value={f}>
                {t(projectTypeLabelKey(f))}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-2 sm:ms-auto">
          {defaultsButton}
          <Button onClick={() => setEditing({ mode: 'add' })}>{t('actions.add')}</Button>
        </div>
      </section>
      {hasDefaults && (
        <p id="defaults-hint" className="text-sm text-slate-700">
          {t(`defaultsHint.${facilityType}`)}
        </p>
      )}

      <section aria-labelledby="template-list-title" aria-busy={templates.isFetching}>
        <h2 id="template-list-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('list.title', { facility: t(projectTypeLabelKey(facilityType)) })}
          {templates.isSuccess && <span className="ms-2 text-sm font-normal text-slate-700">({list.length})</span>}
        </h2>
        {templates.isPending ? (
          <Loading />
        ) : templates.isError ? (
          <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            <p>{t('list.error')}</p>
            <p className="text-sm">{errorText(templates.error, tc('state.error'))}</p>
            <Button variant="secondary" onClick={() => void templates.refetch()}>
              {tc('actions.retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="space-y-3 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
            <p className="font-medium text-slate-900">{t('list.empty')}</p>
            <p className="text-sm text-slate-700">{hasDefaults ? t('list.emptyHintDefaults') : t('list.emptyHint')}</p>
          </div>
        ) : (
          <ul className="space-y-3">
            {list.map((tpl) => (
              <TaskTemplateCard
                key={tpl.id}
                template={tpl}
                onEdit={() => setEditing({ mode: 'edit', template: tpl })}
                onDelete={() => setDeleting(tpl)}
              />
            ))}
          </ul>
        )}
      </section>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'edit' ? t('form.editTitle') : t('form.addTitle')}
        description={t('form.for', {
          facility: t(
            projectTypeLabelKey(
              editing?.mode === 'edit' && isTemplateFacilityType(editing.template.facilityType)
                ? editing.template.facilityType
                : facilityType,
            ),
          ),
        })}
      >
        {editing && (
          <TaskTemplateForm
            key={editing.mode === 'edit' ? editing.template.id : 'new'}
            facilityType={
              editing.mode === 'edit' && isTemplateFacilityType(editing.template.facilityType)
                ? editing.template.facilityType
                : facilityType
            }
            template={editing.mode === 'edit' ? editing.template : null}
            saving={actions.saving}
            onSubmit={actions.save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        description={t('delete.confirm')}
        confirmLabel={t('delete.submit')}
        pendingLabel={t('delete.deleting')}
        pending={actions.deleting}
        onConfirm={actions.confirmDelete}
      >
        {deleting && (
          <>
            <p className="font-medium">{templateText(deleting, i18n.language).name}</p>
            <p className="mt-1">{t('delete.warning')}</p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
