import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/**
 * "Are you sure?" before something is destroyed: nothing happens until the user confirms, and the
 * dialog cannot be closed while the action runs.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** What will be lost, shown in a warning box. */
  children?: ReactNode;
  confirmLabel?: ReactNode;
  pendingLabel?: ReactNode;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onClose()} title={title} description={description}>
      {children && <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm break-words text-red-900">{children}</div>}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? (pendingLabel ?? confirmLabel ?? t('actions.delete')) : (confirmLabel ?? t('actions.delete'))}
        </Button>
      </div>
    </Dialog>
  );
}
