import type { ReportStatus } from '#contract/reports.ts';
import { useWording } from '#web/lib/use-wording.ts';

const STATUS_CLASS: Record<ReportStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 border-amber-300',
  in_progress: 'bg-blue-100 text-blue-900 border-blue-300',
  completed: 'bg-emerald-100 text-emerald-900 border-emerald-300',
};

/** docs/product.md "Report status": pending is also the display for an unknown value. */
export function ReportStatusBadge({ status }: { status: string }) {
  const { tw: t } = useWording('reports');
  const s: ReportStatus = status in STATUS_CLASS ? (status as ReportStatus) : 'pending';
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[s]}`}
      data-status={s}
    >
      {t(`status.${s}`)}
    </span>
  );
}
