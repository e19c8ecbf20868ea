const ENTRIES = [
  { key: 'done', mark: '✓', className: 'bg-green-600 text-white' },
  { key: 'open', mark: '○', className: 'bg-amber-300 text-amber-950' },
  { key: 'none', mark: '—', className: 'bg-slate-100 text-slate-500' },
] as const;

/** What each cell colour and mark means (the same looks as the grid's cells). */
export function ProgressLegend({ words }: { words: { label: string; done: string; open: string; none: string } }) {
  return (
    <ul aria-label={words.label} className="flex flex-wrap gap-3 text-xs text-slate-700">
      {ENTRIES.map((e) => (
        <li key={e.key} className="flex items-center gap-1">
          <span aria-hidden className={`inline-flex h-5 w-5 items-center justify-center rounded ${e.className}`}>
            {e.mark}
          </span>
          {words[e.key]}
        </li>
      ))}
    </ul>
  );
}
