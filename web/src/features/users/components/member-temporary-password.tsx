import { useState } from 'react';
import type { TemporaryPassword } from '#contract/account.ts';
import type { Member } from '#contract/users.ts';
import { TemporaryPasswordDialog } from '#web/components/temporary-password-dialog.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useSetTemporaryPassword } from '../api/users.ts';
import { memberName } from './member-card.tsx';

/**
 * A project admin gives a member a way back in (docs/product.md "Your own account"): confirm, then
 * the temporary password is shown once to pass on.
 */
export function MemberTemporaryPassword({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const setPassword = useSetTemporaryPassword();
  const [shown, setShown] = useState<{ result: TemporaryPassword; name: string } | null>(null);

  const confirm = () => {
    if (!member || setPassword.isPending) return;
    setPassword.mutate(member.id, {
      onSuccess: (result) => {
        setShown({ result, name: memberName(member) });
        onClose();
      },
      onError: (err) =>
        toast({ title: t('temporaryPassword.failed'), description: errorText(err, tc('state.error')), variant: 'destructive' }),
    });
  };

  return (
    <>
      <ConfirmDialog
        open={member !== null}
        onClose={onClose}
        title={t('temporaryPassword.title')}
        description={t('temporaryPassword.confirm')}
        confirmLabel={t('temporaryPassword.submit')}
        pendingLabel={t('temporaryPassword.submitting')}
        pending={setPassword.isPending}
        onConfirm={confirm}
      >
        {member && (
          <p className="font-medium">
            <bdi>{memberName(member)}</bdi> <bdi dir="ltr">@{member.username}</bdi>
          </p>
        )}
      </ConfirmDialog>
      <TemporaryPasswordDialog result={shown?.result ?? null} name={shown?.name ?? ''} onClose={() => setShown(null)} />
    </>
  );
}
