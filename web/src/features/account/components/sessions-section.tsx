import { useState } from 'react';
import type { AccountSession } from '#contract/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions.ts';
import { formatMoment } from '../format.ts';
import { describeDevice } from '../lib/device-label.ts';

/** "Chrome on Android" in the reader's language; what is not known is left out. */
function useDeviceName() {
  const { t } = useTranslation('account');
  return (userAgent: string | null) => {
    const { browser, os } = describeDevice(userAgent);
    if (browser && os) return t('sessions.browserOnOs', { browser, os });
    return browser ?? os ?? t('sessions.unknownDevice');
  };
}

function SessionRow({
  session,
  timeZone,
  ending,
  onEnd,
}: {
  session: AccountSession;
  timeZone: string;
  ending: boolean;
  onEnd: () => void;
}) {
  const { t, i18n } = useTranslation('account');
  const device = useDeviceName()(session.userAgent);
  const at = (instant: string) => formatMoment(instant, i18n.language, timeZone);
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <bdi>{device}</bdi>
          {session.current && (
            <span className="rounded-full border border-emerald-300 bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              {t('sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-700">{t('sessions.signedInAt', { at: at(session.createdAt) })}</p>
        <p className="text-sm text-slate-700">{t('sessions.lastSeenAt', { at: at(session.lastSeenAt) })}</p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          className="shrink-0"
          onClick={onEnd}
          disabled={ending}
          aria-label={t('sessions.signOutLabel', { device })}
          aria-busy={ending || undefined}
        >
          {ending ? t('sessions.signingOut') : t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/**
 * Where one is signed in, this device first, with a way to sign any other out, one or all at once
 * (docs/product.md "Your own account"). Times are in the project's time zone.
 */
export function SessionsSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'unauthorized') return; // the shell reports it and signs out
    toast({ title: t('sessions.errorTitle'), description: errorText(err), variant: 'destructive' });
  };
  const end = (id: string) =>
    endOne.mutate(id, { onSuccess: () => toast({ title: t('sessions.ended'), variant: 'success' }), onError: failed });
  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => toast({ title: t('sessions.endedAll', { count: ended }), variant: 'success' }),
      onError: failed,
      onSettled: () => setConfirming(false),
    });

  let body;
  if (sessions.data) {
    const others = sessions.data.filter((s) => !s.current).length;
    body = (
      <>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              timeZone={timeZone}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() => end(session.id)}
            />
          ))}
        </ul>
        {others === 0 ? (
          <p className="mt-3 text-slate-700">{t('sessions.onlyThis')}</p>
        ) : (
          <Button variant="danger" className="mt-4 w-full sm:w-auto" onClick={() => setConfirming(true)} disabled={endOthers.isPending}>
            {t('sessions.signOutOthers')}
          </Button>
        )}
      </>
    );
  } else if (sessions.isPending) {
    body = <Loading />;
  } else {
    body = (
      <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
        <p>{errorText(sessions.error, t('sessions.loadError'))}</p>
        <Button variant="secondary" onClick={() => void sessions.refetch()} disabled={sessions.isFetching}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="account-sessions" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-sessions" className="mb-1 text-lg font-semibold text-slate-900">
        {t('sessions.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('sessions.description')}</p>
      {body}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmBody')}
        confirmLabel={t('sessions.confirm')}
        pendingLabel={t('sessions.signingOut')}
        pending={endOthers.isPending}
        onConfirm={confirmEndOthers}
      />
    </section>
  );
}
