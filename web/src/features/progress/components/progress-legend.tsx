import { ReviewStateMark } from '#web/components/review-state.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { StageReviewState } from '#contract/review-state.ts';

const ENTRIES = [
  { key: 'done', mark: '✓', className: 'bg-green-600 text-white' },
  { key: 'open', mark: '○', className: 'bg-amber-300 text-amber-950' },
  { key: 'none', mark: '—', className: 'bg-slate-100 text-slate-500' },
] as const;

const REVIEW_ENTRIES: { state: StageReviewState; key: string }[] = [
  { state: 'awaiting', key: 'reviewState.awaiting' },
  { state: 'accepted', key: 'reviewState.accepted' },
  { state: 'sent_back', key: 'reviewState.sentBack' },
];

/** What each cell colour and mark means (the same looks as the grid's cells), review marks included. */
export function ProgressLegend({ words }: { words: { label: string; done: string; open: string; none: string } }) {
  const { t } = useTranslation('common');
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
      {REVIEW_ENTRIES.map((e) => (
        <li key={e.state} className="flex items-center gap-1" data-testid="legend-review">
          <ReviewStateMark review={{ state: e.state, reason: null }} decorative />
          {t(e.key)}
        </li>
      ))}
    </ul>
  );
}
