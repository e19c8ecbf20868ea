import { Suspense, lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { DocumentReload, Loading } from '#web/components/ui/spinner.tsx';
import NotFoundPage from './not-found-page.tsx';
import { adminRoutes, publicRoutes, signedInRoutes } from './routes.tsx';

// The signed-in frame (menu, dialogs, idle time-out, live updates) is its own chunk: the worker
// pages never download it.
const LayoutShell = lazy(() => import('./layout-shell.tsx').then((m) => ({ default: m.LayoutShell })));
// The platform admin's frame is another chunk: project users never download it.
const AdminFrame = lazy(() => import('#web/features/admin/components/admin-frame.tsx').then((m) => ({ default: m.AdminFrame })));

export function createRouter() {
  return createBrowserRouter([
    // The worker pages are entries of their own (docs/decisions/009-worker-entries.md).
    { path: '/qr-scan', element: <DocumentReload /> },
    { path: '/work-tasks/*', element: <DocumentReload /> },
    ...publicRoutes.map(({ path, component: Page }) => ({
      path,
      element: (
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      ),
    })),
    {
      element: (
        <Suspense fallback={<Loading />}>
          <LayoutShell />
        </Suspense>
      ),
      children: signedInRoutes.map(({ path, component: Page }) => ({ path, element: <Page /> })),
    },
    {
      element: (
        <Suspense fallback={<Loading />}>
          <AdminFrame />
        </Suspense>
      ),
      children: adminRoutes.map(({ path, component: Page }) => ({ path, element: <Page /> })),
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
