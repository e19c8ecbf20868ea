import { DAILY_DIGEST_HOUR } from '#contract/account.ts';
import { DEFAULT_LOCALE, LOCALES } from '#contract/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useDailyDigest, useSetDailyDigest } from '../api/daily-digest.ts';
import { DetailsSection, Ltr } from './details-list.tsx';

/**
 * The daily e-mail switch of a project admin or manager (docs/product.md "Daily e-mail"): disabled,
 * with the reason, when the server has no outgoing mail or the account no address.
 */
export function DailyDigestSection({ email }: { email: string | null }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const digest = useDailyDigest();
  const setDigest = useSetDailyDigest();
  const hour = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, DAILY_DIGEST_HOUR)),
  );

  const change = (enabled: boolean) => {
    const language = LOCALES.find((l) => l === i18n.language) ?? DEFAULT_LOCALE;
    setDigest.mutate(
      { enabled, language },
      {
        onSuccess: () => toast({ title: enabled ? t('digest.turnedOn') : t('digest.turnedOff'), variant: 'success' }),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'unauthorized') return; // the shell reports it and signs out
          toast({ title: t('digest.errorTitle'), description: errorText(err), variant: 'destructive' });
        },
      },
    );
  };

  let body;
  if (digest.data) {
    const { mailConfigured, enabled } = digest.data;
    const why = !mailConfigured ? t('digest.noMail') : !email ? t('digest.noEmail') : null;
    body = (
      <>
        <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
          <input
            type="checkbox"
            checked={enabled}
            disabled={why !== null || setDigest.isPending}
            aria-describedby={why ? 'account-digest-why' : undefined}
            onChange={(e) => change(e.target.checked)}
            className="h-6 w-6 shrink-0 accent-blue-700"
          />
          {t('digest.toggle')}
        </label>
        {why && (
          <p id="account-digest-why" className="mt-2 text-sm text-slate-700">
            {why}
          </p>
        )}
        {!why && enabled && email && (
          <p className="mt-2 text-sm text-slate-700">
            {t('digest.sentTo')} <Ltr>{email}</Ltr>
          </p>
        )}
      </>
    );
  } else if (digest.isPending) {
    body = <Loading />;
  } else {
    body = (
      <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
        <p>{errorText(digest.error, t('digest.loadError'))}</p>
        <Button variant="secondary" onClick={() => void digest.refetch()} disabled={digest.isFetching}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  }

  return (
    <DetailsSection id="account-digest" title={t('digest.title')}>
      <p className="mb-3 text-sm text-slate-600">{t('digest.description', { hour })}</p>
      {body}
    </DetailsSection>
  );
}
