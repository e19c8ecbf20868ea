import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PrintReportStyles } from './print-report-styles.tsx';

/** A report's error: what failed, and a retry when retrying can help. */
export function ReportError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const tc = useTranslation('common').t;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900">
      {message}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {tc('actions.retry')}
        </Button>
      )}
    </div>
  );
}

/** A report's frame: the print area (the only thing printed, by its print rules) with its title line and print button. */
export function ReportFrame({
  title,
  subtitle,
  action,
  children,
  busy,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    <article className="print-report-area mx-auto max-w-4xl space-y-5 bg-white" aria-busy={busy}>
      <PrintReportStyles />
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-300 pb-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{title}</h1>
          {subtitle && <p className="text-sm text-slate-700">{subtitle}</p>}
        </div>
        {action}
      </header>
      {children}
    </article>
  );
}
