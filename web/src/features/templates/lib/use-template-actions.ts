import type { CreateTaskTemplateInput, TaskTemplate } from '#contract/templates.ts';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import {
  useCreateTaskTemplate,
  useDeleteTaskTemplate,
  useInitDefaultTemplates,
  useUpdateTaskTemplate,
  type TemplateFacilityType,
} from '../api/templates.ts';

export type Editing = { mode: 'add' } | { mode: 'edit'; template: TaskTemplate } | null;

interface Dialogs {
  editing: Editing;
  /** The form saved: close it. */
  done: () => void;
  deleting: TaskTemplate | null;
  /** The template is deleted: close the confirmation. */
  deleted: () => void;
}

/** The templates screen's writes (save, delete, add the defaults), each reported by a toast. */
export function useTemplateActions(facilityType: TemplateFacilityType, { editing, done, deleting, deleted }: Dialogs) {
  const { t } = useTranslation('templates');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const create = useCreateTaskTemplate();
  const update = useUpdateTaskTemplate();
  const remove = useDeleteTaskTemplate();
  const initDefaults = useInitDefaultTemplates();

  const save = (input: CreateTaskTemplateInput) => {
    if (editing?.mode === 'edit') {
      update.mutate(
        { id: editing.template.id, input },
        {
          onSuccess: () => {
            toast({ title: t('toast.updated'), variant: 'success' });
            done();
          },
          onError: (err) =>
            toast({ title: t('toast.updateError'), description: errorText(err, tc('state.error')), variant: 'destructive' }),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: t('toast.created'), variant: 'success' });
          done();
        },
        onError: (err) => toast({ title: t('toast.createError'), description: errorText(err, tc('state.error')), variant: 'destructive' }),
      });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t('toast.deleted'), variant: 'success' });
        deleted();
      },
      onError: (err) => toast({ title: t('toast.deleteError'), description: errorText(err, tc('state.error')), variant: 'destructive' }),
    });
  };

  const addDefaults = () =>
    initDefaults.mutate(facilityType, {
      onSuccess: (res) =>
        res.created > 0
          ? toast({
              title: t('toast.defaultsAdded'),
              description: t('toast.defaultsAddedCount', { count: res.created }),
              variant: 'success',
            })
          : toast({ title: t('toast.defaultsExist') }),
      onError: (err) => toast({ title: t('toast.defaultsError'), description: errorText(err, tc('state.error')), variant: 'destructive' }),
    });

  return {
    save,
    confirmDelete,
    addDefaults,
    saving: create.isPending || update.isPending,
    deleting: remove.isPending,
    addingDefaults: initDefaults.isPending,
  };
}
