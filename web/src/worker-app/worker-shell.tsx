import { StrictMode, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Direction } from 'radix-ui';
import { DocumentReload, Loading } from '#web/components/ui/spinner.tsx';
import { currentToast, subscribeToast } from '#web/components/ui/toast.ts';
import { installDeviceHeader } from '#web/lib/device-id.ts';
import { dirOf, initI18n } from '#web/lib/i18n.ts';
import { storedLanguage } from '#web/lib/stored-language.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { whenIdle } from '#web/lib/idle.ts';
import { keepForOffline } from '#web/lib/code-for-offline.ts';
import { captureInstallPrompt, installSettled } from '#web/lib/install-prompt.ts';
import { useHref } from '#web/lib/navigation.ts';
import { workerPageOf, type WorkerPage } from '#contract/worker-pages.ts';
import { followLanguage, registerServiceWorker } from './register-service-worker.ts';
import { LoadFailed, lazyOr } from '#web/components/ui/load-failed.tsx';

/**
 * The worker pages' own application (docs/decisions/009-worker-entries.md): each worker page is an
 * HTML entry of its own that loads React, i18next and that page — no router, no React Query, no
 * manager code. Moving between the two pages (start work → the unit's tasks) changes the address
 * without a page load; the other page's code is fetched while the phone is idle, so it is there
 * when the signal is not.
 */

type PageModule = { default: ComponentType };

const loaders: Record<WorkerPage, () => Promise<PageModule>> = {
  qrScan: () => import('#web/features/worker-entry/pages/qr-scan-page.tsx'),
  workTasks: () => import('#web/features/work-tasks/pages/work-tasks-page.tsx'),
};

// The toast only appears after something the worker did: its Radix code arrives after the page
// (when the phone is idle, or at once when a toast is already waiting).
const loadToaster = () => import('#web/components/ui/toaster.tsx');
// Not there when their code did not arrive: nothing the worker asked for is missing.
const Toaster = lazyOr(
  () => loadToaster().then((m) => ({ default: m.Toaster })),
  () => null,
);
// The install offer waits for the first completed stage (docs/decisions/022-offline-worker-app.md).
const loadInstallOffer = () => import('#web/components/install-offer.tsx');
const InstallOffer = lazyOr(
  () => loadInstallOffer().then((m) => ({ default: m.InstallOffer })),
  () => null,
);

/**
 * Mounted with the page (same Suspense boundary, so after its words arrived): once the phone is
 * idle, register the service worker, which stores the rest — the other worker page, the toast, the
 * dialogs — so they are here when the signal is not, without competing with what the worker is
 * waiting to see. Its own state, so nothing here draws the page again.
 */
function AfterPage() {
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setIdle(true);
        registerServiceWorker(storedLanguage());
      }),
    [],
  );
  useEffect(() => keepForOffline(...Object.values(loaders), loadToaster, loadInstallOffer), []);
  // The toast's code is loaded when the first toast is raised, and stays for the next.
  const toastWaiting = useSyncExternalStore(subscribeToast, () => currentToast() !== null);
  const [toaster, setToaster] = useState(false);
  if (toastWaiting && !toaster) setToaster(true);
  return (
    <>
      {toaster && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      {idle && !installSettled() && (
        <Suspense fallback={null}>
          <InstallOffer />
        </Suspense>
      )}
    </>
  );
}

function WorkerApp({ pages }: { pages: Record<WorkerPage, ComponentType> }) {
  const href = useHref();
  const { i18n } = useTranslation('common');
  const page = workerPageOf(new URL(href, window.location.origin).pathname);
  const Page = page ? pages[page] : DocumentReload;
  return (
    <Direction.Provider dir={dirOf(i18n.language)}>
      <Suspense fallback={<Loading />}>
        <Page />
        <AfterPage />
      </Suspense>
    </Direction.Provider>
  );
}

export interface WorkerEntry {
  /** The page this HTML entry was built for (in its first download). */
  eager: Partial<Record<WorkerPage, ComponentType>>;
  /** Its words, fetched at once rather than when the page first renders. */
  namespaces: string[];
  /** Starts the page's first requests while React and the words are still on their way. */
  prefetch?: () => void;
}

export function startWorkerApp({ eager, namespaces, prefetch }: WorkerEntry) {
  const i18n = initI18n(undefined, namespaces);
  followLanguage(storedLanguage());
  i18n.on('languageChanged', followLanguage);
  captureInstallPrompt();
  // Before the first request: the server counts its limits per phone (docs/decisions/012-worker-rate-limits.md).
  installDeviceHeader();
  prefetch?.();
  const pages = Object.fromEntries(
    (Object.keys(loaders) as WorkerPage[]).map((name) => [name, eager[name] ?? lazyOr(loaders[name], LoadFailed)]),
  ) as Record<WorkerPage, ComponentType>;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Suspense fallback={<Loading />}>
        <WorkerApp pages={pages} />
      </Suspense>
    </StrictMode>,
  );
}
