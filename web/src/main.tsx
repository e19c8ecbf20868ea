import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { initI18n } from './lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';

initI18n();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
