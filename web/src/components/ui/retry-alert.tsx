import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from './button.tsx';

/** What failed to load, with "Try again" when retrying can help (a screen's error state). */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  const tc = useTranslation('common').t;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900">
      {children}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {tc('actions.retry')}
        </Button>
      )}
    </div>
  );
}
