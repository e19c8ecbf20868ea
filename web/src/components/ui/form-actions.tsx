import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from './button.tsx';

/** A form's Cancel / Save row (dialogs and inline editors): Save is the submit button. */
export function FormActions({
  onCancel,
  saving,
  invalid,
  savingLabel,
}: {
  onCancel: () => void;
  saving: boolean;
  invalid?: boolean;
  savingLabel: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={invalid || saving} aria-busy={saving || undefined}>
        {saving ? savingLabel : t('actions.save')}
      </Button>
    </div>
  );
}
