import { useSyncExternalStore } from 'react';
import { Button } from './ui/button.tsx';
import { useTranslation } from '../lib/i18n-react.tsx';
import { installWay, promptInstall, settleInstallOffer, subscribeInstall } from '../lib/install-prompt.ts';

/**
 * The offer to add the worker app to the home screen (docs/decisions/022-offline-worker-app.md
 * "Install"): after the first completed stage on this phone, once. Android: the browser's own
 * dialog; iOS: how to do it by hand.
 */
export function InstallOffer() {
  const { t } = useTranslation('common');
  const way = useSyncExternalStore(subscribeInstall, installWay);
  if (!way) return null;
  const title = way === 'ios' ? t('install.iosTitle') : t('install.offerTitle');
  return (
    <section
      aria-labelledby="install-offer-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
    >
      <h2 id="install-offer-title" className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{way === 'ios' ? t('install.iosText') : t('install.offerText')}</p>
      <div className="mt-3 flex justify-end gap-2">
        {way === 'prompt' ? (
          <>
            <Button variant="ghost" className="min-h-12" onClick={settleInstallOffer}>
              {t('install.later')}
            </Button>
            <Button className="min-h-12" onClick={() => void promptInstall()}>
              {t('install.install')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" className="min-h-12" onClick={settleInstallOffer}>
            {t('install.close')}
          </Button>
        )}
      </div>
    </section>
  );
}
