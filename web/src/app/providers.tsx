import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { dirOf } from '#web/lib/i18n.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

function DirectionFromLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('common');
  return <Direction.Provider dir={dirOf(i18n.language)}>{children}</Direction.Provider>;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Loading label="…" />}>
        <DirectionFromLanguage>
          {children}
          <Toaster />
        </DirectionFromLanguage>
      </Suspense>
    </QueryClientProvider>
  );
}
