import { Suspense, lazy, useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { Loading } from '../components/ui/spinner.tsx';
import NotFoundPage from './not-found-page.tsx';
import { publicRoutes, signedInRoutes } from './routes.tsx';

// The signed-in frame (menu, dialogs, idle time-out, live updates) is its own chunk: the worker
// pages never download it.
const LayoutShell = lazy(() => import('./layout-shell.tsx').then((m) => ({ default: m.LayoutShell })));

/** A worker page reached from inside this app: the server sends its own entry (a document load). */
function WorkerPageDocument() {
  useEffect(() => window.location.reload(), []);
  return <Loading />;
}

export function createRouter() {
  return createBrowserRouter([
    { path: '/qr-scan', element: <WorkerPageDocument /> },
    { path: '/work-tasks/*', element: <WorkerPageDocument /> },
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
    { path: '*', element: <NotFoundPage /> },
  ]);
}
