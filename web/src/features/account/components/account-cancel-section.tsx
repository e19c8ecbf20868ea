import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useCancelAccount } from '../api/account.ts';
import { formatDate } from '../format.ts';

/**
 * Cancelling stops the monthly charges; the project stays active until the end of the period
 * already paid for, which is the next billing date (docs/product.md, "Account profile"). Nothing is sent before confirming.
 */
export function AccountCancelSection({ activeUntil }: { activeUntil: string }) {
  const { t, i18n } = useTranslation('account');
  const errorText = useErrorText();
  const cancel = useCancelAccount();
  const [confirming, setConfirming] = useState(false);
  const date = formatDate(activeUntil, i18n.language);

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (res) => {
        setConfirming(false);
        toast({
          title: t('cancel.success'),
          description: t('cancel.successBody', { date: formatDate(res.paidUntil, i18n.language) }),
          variant: 'success',
        });
      },
      onError: (err) => {
        setConfirming(false);
        if (err instanceof ApiError && err.code === 'unauthorized') return; // the shell reports it and signs out
        toast({ title: t('cancel.errorTitle'), description: errorText(err, t('cancel.errorDefault')), variant: 'destructive' });
      },
    });

  return (
    <section aria-labelledby="account-cancel-title" className="rounded-xl border border-red-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-cancel-title" className="mb-2 text-lg font-semibold text-red-900">
        {t('cancel.title')}
      </h2>
      <p className="mb-4 text-slate-700">{t('cancel.body')}</p>
      <Button variant="danger" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
        {t('cancel.button')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title={t('cancel.confirmTitle')}
        description={t('cancel.confirmBody', { date })}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            {t('cancel.keep')}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
