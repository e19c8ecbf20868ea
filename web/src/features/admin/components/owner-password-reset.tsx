import { useState } from 'react';
import type { TemporaryPassword } from '#contract/account.ts';
import type { AdminProject } from '#contract/billing.ts';
import { TemporaryPasswordDialog } from '#web/components/temporary-password-dialog.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useResetOwnerPassword } from '../api/admin.ts';

/**
 * The platform admin gives a project's owner a way back in (docs/product.md "Your own account"):
 * confirm, then the temporary password is shown once to pass on.
 */
export function OwnerPasswordReset({ project, onClose }: { project: AdminProject | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const reset = useResetOwnerPassword();
  const [shown, setShown] = useState<{ result: TemporaryPassword; name: string } | null>(null);

  const confirm = () => {
    if (!project || reset.isPending) return;
    reset.mutate(project.id, {
      onSuccess: (result) => {
        setShown({ result, name: project.name });
        onClose();
      },
      onError: (err) => toast({ title: t('ownerReset.failed'), description: errorText(err, tc('state.error')), variant: 'destructive' }),
    });
  };

  return (
    <>
      <ConfirmDialog
        open={project !== null}
        onClose={onClose}
        title={t('ownerReset.title')}
        description={t('ownerReset.confirm')}
        confirmLabel={t('ownerReset.submit')}
        pendingLabel={t('ownerReset.submitting')}
        pending={reset.isPending}
        onConfirm={confirm}
      >
        {project && (
          <p className="font-medium">
            <bdi>{project.name}</bdi>
          </p>
        )}
      </ConfirmDialog>
      <TemporaryPasswordDialog result={shown?.result ?? null} name={shown?.name ?? ''} onClose={() => setShown(null)} />
    </>
  );
}
