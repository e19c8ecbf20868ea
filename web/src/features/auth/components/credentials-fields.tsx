import { useTranslation } from '../../../lib/i18n-react.tsx';
import { TextField } from '../../../components/ui/field.tsx';

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
      <TextField
        label={t('fields.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        onChange={(e) => onUsername(e.target.value)}
      />
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
