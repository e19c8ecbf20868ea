import { useTranslation } from '#web/lib/i18n-react.tsx';
import { TextField } from '#web/components/ui/field.tsx';

/** The username field of every sign-in form (the login page, the platform-admin dialog, forgot password). */
export function UsernameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.username')}
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Username and password, as the login page and the platform-admin dialog both ask for them. */
export function CredentialsFields({
  username,
  password,
  onUsername,
  onPassword,
}: {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <UsernameField value={username} onChange={onUsername} />
      <TextField
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </>
  );
}
