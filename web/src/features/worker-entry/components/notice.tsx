import type { ReactNode } from 'react';

const tones = {
  error: 'border-red-700 bg-red-50 text-red-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
  info: 'border-slate-500 bg-white text-slate-900',
} as const;

/** A full-width message with a big icon: what happened and what to do, in the worker's language. */
export function Notice({
  icon,
  title,
  children,
  tone = 'info',
  action,
}: {
  icon: ReactNode;
  title?: ReactNode;
  children: ReactNode;
  tone?: keyof typeof tones;
  action?: ReactNode;
}) {
  return (
    <div role={tone === 'info' ? 'status' : 'alert'} className={`space-y-3 rounded-xl border-2 p-5 ${tones[tone]}`}>
      <div className="flex items-start gap-3">
        <span aria-hidden className="shrink-0 [&>svg]:h-10 [&>svg]:w-10">
          {icon}
        </span>
        <div className="space-y-1">
          {title && <p className="text-xl font-bold">{title}</p>}
          <p className="text-lg">{children}</p>
        </div>
      </div>
      {action}
    </div>
  );
}
