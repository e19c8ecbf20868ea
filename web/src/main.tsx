import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { addLocaleLoaders, initI18n } from './lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';

// Every namespace of the signed-in app (the worker pages know only their own four).
addLocaleLoaders(import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json'));
initI18n();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
