/** A labelled percentage bar; it fills from the reading start (right in Hebrew and Arabic). */
export function MeterBar({ label, value, tone = 'bg-blue-700' }: { label: string; value: number; tone?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="font-semibold tabular-nums">{clamped}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={clamped}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ inlineSize: `${clamped}%` }} />
      </div>
    </div>
  );
}
