import type { ReactNode } from 'react';
import { PrintReportStyles } from './print-report-styles.tsx';

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
