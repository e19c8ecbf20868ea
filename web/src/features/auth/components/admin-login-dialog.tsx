import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useAdminLogin } from '../api/auth.ts';
import { CredentialsFields } from './credentials-fields.tsx';

/** The platform admin's own sign-in (a separate endpoint from the project login). */
export function AdminLoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const adminLogin = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  // Closing forgets what was typed: a password must not wait in a hidden dialog.
  const changeOpen = (next: boolean) => {
    if (!next) {
      setUsername('');
      setPassword('');
    }
    onOpenChange(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (adminLogin.isPending) return;
    if (!username.trim() || !password.trim()) {
      toast({ title: t('login.fillBoth'), variant: 'destructive' });
      return;
    }
    adminLogin.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => {
          toast({ title: t('admin.success'), variant: 'success' });
          changeOpen(false);
          void navigate('/admin-management');
        },
        // Any failure reads the same: it tells a guesser nothing about which part was wrong.
        onError: () => toast({ title: t('admin.failed'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title={t('admin.title')} description={t('admin.description')}>
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="admin-login-form">
        <CredentialsFields username={username} password={password} onUsername={setUsername} onPassword={setPassword} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" disabled={adminLogin.isPending} aria-busy={adminLogin.isPending || undefined}>
            {adminLogin.isPending ? t('login.submitting') : t('admin.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
