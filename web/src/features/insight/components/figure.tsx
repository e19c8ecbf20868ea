import type { ReactNode } from 'react';

/**
 * One named figure (a <dt>/<dd> pair: it goes inside a <dl>) with an optional note; `card` is the
 * larger, framed form of the KPI row.
 */
export function Figure({
  label,
  value,
  note,
  testId,
  card = false,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  testId: string;
  card?: boolean;
}) {
  return (
    <div className={card ? 'rounded-xl border border-slate-200 bg-white p-4' : 'rounded-lg bg-slate-50 p-3'}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className={`${card ? 'text-2xl' : 'text-xl'} font-bold tabular-nums`} data-testid={testId}>
        {value}
      </dd>
      {note && <dd className="text-xs text-slate-600">{note}</dd>}
    </div>
  );
}
