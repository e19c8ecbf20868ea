import { useState, type FormEvent } from 'react';
import type { CustomerBilling } from '#contract/billing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useDeactivateProject } from '../api/admin.ts';

const MAX_REASON = 500;

/** The reason first, then "are you sure?" with the reason shown: nothing changes before the second click. */
function DeactivateForm({ row, onClose }: { row: CustomerBilling; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const errorText = useErrorText();
  const deactivate = useDeactivateProject();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(t('deactivate.reasonRequired'));
      return;
    }
    setConfirming(true);
  };

  const confirm = () => {
    if (deactivate.isPending) return;
    deactivate.mutate(
      { projectId: row.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('deactivate.done'), variant: 'success' });
          onClose();
        },
        onError: (err) => toast({ title: errorText(err), variant: 'destructive' }),
      },
    );
  };

  if (confirming) {
    return (
      <div className="space-y-4">
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm break-words text-red-900">
          <p>{t('deactivate.warning')}</p>
          <p className="mt-2">
            {t('deactivate.reason')}: <bdi>{reason.trim()}</bdi>
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={deactivate.isPending} onClick={() => setConfirming(false)}>
            {t('deactivate.back')}
          </Button>
          <Button variant="danger" disabled={deactivate.isPending} aria-busy={deactivate.isPending || undefined} onClick={confirm}>
            {deactivate.isPending ? t('deactivate.pending') : t('deactivate.confirm')}
          </Button>
        </div>
      </div>
    );
  }

  const errorId = `deactivate-reason-error-${row.id}`;
  return (
    <form noValidate onSubmit={next} className="space-y-4">
      <div className="space-y-1">
        <label htmlFor={`deactivate-reason-${row.id}`} className="block text-sm font-medium text-slate-700">
          {t('deactivate.reason')}
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        </label>
        <textarea
          id={`deactivate-reason-${row.id}`}
          required
          rows={3}
          maxLength={MAX_REASON}
          value={reason}
          dir="auto"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-blue-600 focus:ring-2 focus:ring-blue-200 focus:outline-none"
        />
        {error && (
          <p id={errorId} className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tc('actions.cancel')}
        </Button>
        <Button type="submit" variant="danger">
          {t('deactivate.next')}
        </Button>
      </div>
    </form>
  );
}

/** Deactivating a project with a required reason (docs/product.md "Platform admin screens"). */
export function DeactivateDialog({ row, onClose }: { row: CustomerBilling | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('deactivate.title')}
      description={row ? <bdi>{row.facilityName}</bdi> : undefined}
    >
      {row && <DeactivateForm key={row.id} row={row} onClose={onClose} />}
    </Dialog>
  );
}
