/** A row of toggle buttons choosing one period (or range); the chosen one is pressed. */
export function PeriodChoice<T extends string | number>({
  label,
  options,
  value,
  onChange,
  labelOf,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2 print:hidden">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={o === value}
          onClick={() => onChange(o)}
          className={`flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
            o === value ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
          }`}
        >
          {labelOf(o)}
        </button>
      ))}
    </div>
  );
}
