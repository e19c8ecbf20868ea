import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { User } from '#contract/auth.ts';
import { MIN_PASSWORD_LENGTH } from '#contract/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { useLogout } from '../api/auth.ts';
import { useReplaceTemporaryPassword } from '../api/password.ts';
import { AuthPageFrame, FormAlert } from '../components/auth-page-frame.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { newPasswordProblem } from '../lib/new-password.ts';

/** Who set the temporary password, in the words the screen opens with. */
const REASON_KEYS = { admin: 'changePassword.byAdmin', platformAdmin: 'changePassword.byPlatformAdmin' } as const;

function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const change = useReplaceTemporaryPassword();
  const logout = useLogout();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    const found = currentPassword ? newPasswordProblem(newPassword, confirmPassword, user.username) : 'changePassword.fillCurrent';
    setProblem(found && t(found, { min: MIN_PASSWORD_LENGTH }));
    if (found) return;
    change.mutate(
      { currentPassword, newPassword, confirmPassword },
      {
        onSuccess: () => {
          toast({ title: t('changePassword.success'), variant: 'success' });
          void navigate('/', { replace: true });
        },
        onError: (err) => setProblem(errorText(err, t('changePassword.failed'))),
      },
    );
  };

  return (
    <>
      <p className="text-sm text-slate-700" data-testid="reset-by">
        {user.passwordResetBy ? t(REASON_KEYS[user.passwordResetBy]) : t('changePassword.byUnknown')}
      </p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={t('changePassword.current')}
          name="current-password"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <NewPasswordFields
          newPassword={newPassword}
          confirmPassword={confirmPassword}
          onNewPassword={setNewPassword}
          onConfirmPassword={setConfirmPassword}
        />
        {problem && <FormAlert>{problem}</FormAlert>}
        <Button type="submit" className="w-full text-base" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
        </Button>
      </form>
      <Button
        variant="secondary"
        className="w-full"
        disabled={logout.isPending || change.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) })}
      >
        {t('changePassword.signOut')}
      </Button>
    </>
  );
}

/**
 * /change-password: a user signed in with a temporary password chooses their own before anything
 * else works (docs/product.md "Your own account"). The signed-in frame sends them here; anyone else
 * is sent on (no session → /login, no pending change → /).
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const auth = useAuthUser();
  if (auth.isPending) return <Loading />;
  if (!auth.data) return <Navigate to="/login" replace />;
  if (!auth.data.mustChangePassword) return <Navigate to="/" replace />;
  return (
    <AuthPageFrame title={t('changePassword.title')}>
      <ChangePasswordForm user={auth.data} />
    </AuthPageFrame>
  );
}
