import { Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { Loading } from '../components/ui/spinner.tsx';
import { LayoutShell } from './layout-shell.tsx';
import NotFoundPage from './not-found-page.tsx';
import { publicRoutes, signedInRoutes } from './routes.tsx';

export function createRouter() {
  return createBrowserRouter([
    ...publicRoutes.map(({ path, component: Page }) => ({
      path,
      element: (
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      ),
    })),
    {
      element: <LayoutShell />,
      children: signedInRoutes.map(({ path, component: Page }) => ({ path, element: <Page /> })),
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
