import type { Member } from '#contract/users.ts';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useCreateMember, useDeleteMember, useUpdateMember } from '../api/users.ts';
import type { MemberInput } from '../components/member-form-dialog.tsx';

export type Editing = { mode: 'add' } | { mode: 'edit'; member: Member } | null;

/** The team screen's writes (save, delete), each reported by a toast; errors in words by their code. */
export function useMemberActions({
  editing,
  done,
  deleting,
  deleted,
}: {
  editing: Editing;
  done: () => void;
  deleting: Member | null;
  deleted: () => void;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const create = useCreateMember();
  const update = useUpdateMember();
  const remove = useDeleteMember();
  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: errorText(err, tc('state.error')), variant: 'destructive' });

  const save = (input: MemberInput) => {
    if (editing?.mode === 'edit') {
      const { password, confirmPassword, ...rest } = input;
      update.mutate(
        { id: editing.member.id, input: password ? { ...rest, password, confirmPassword } : rest },
        {
          onSuccess: () => {
            toast({ title: t('toast.updated'), variant: 'success' });
            done();
          },
          onError: failed(t('toast.updateError')),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: t('toast.created'), variant: 'success' });
          done();
        },
        onError: failed(t('toast.createError')),
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
      onError: failed(t('toast.deleteError')),
    });
  };

  return { save, confirmDelete, saving: create.isPending || update.isPending, deleting: remove.isPending };
}
