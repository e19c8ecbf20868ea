import { MIN_PASSWORD_LENGTH } from '#contract/constants.ts';
import { TextField } from '#web/components/ui/field.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';

/** The new password and its confirmation, as the forced change and the reset link ask for them. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  onNewPassword,
  onConfirmPassword,
}: {
  newPassword: string;
  confirmPassword: string;
  onNewPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={t('newPassword.new')}
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={t('newPassword.hint', { min: MIN_PASSWORD_LENGTH })}
        value={newPassword}
        onChange={(e) => onNewPassword(e.target.value)}
      />
      <TextField
        label={t('newPassword.confirm')}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => onConfirmPassword(e.target.value)}
      />
    </>
  );
}
