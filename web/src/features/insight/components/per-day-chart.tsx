/**
 * Stages done per day as bars (docs/decisions/023-insight-libraries.md): plain elements, no chart
 * library — a flex row follows the reading direction, prints sharp, and each bar is read out.
 */
export function PerDayChart({
  days,
  label,
  formatDay,
  barLabel,
}: {
  days: { date: string; completed: number }[];
  label: string;
  formatDay: (date: string) => string;
  barLabel: (day: string, count: number) => string;
}) {
  const max = Math.max(1, ...days.map((d) => d.completed));
  return (
    <figure className="space-y-2">
      <figcaption className="font-semibold">{label}</figcaption>
      <ol className="flex h-40 items-end gap-0.5 border-b border-slate-300" data-testid="per-day-chart">
        {days.map((d) => (
          <li key={d.date} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={barLabel(formatDay(d.date), d.completed)}>
            <div className="rounded-t bg-blue-600" style={{ blockSize: `${(100 * d.completed) / max}%` }} />
            <span className="sr-only">{barLabel(formatDay(d.date), d.completed)}</span>
          </li>
        ))}
      </ol>
      <div aria-hidden className="flex justify-between text-xs text-slate-600">
        <span>{formatDay(days[0]?.date ?? '')}</span>
        <span>{formatDay(days[days.length - 1]?.date ?? '')}</span>
      </div>
    </figure>
  );
}
