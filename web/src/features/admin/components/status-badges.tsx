import type { InactiveReason, ProjectStatus } from '#contract/billing.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { BillingBadge as Badge } from '../lib/billing-view.ts';

const STATUS_COLOURS: Record<ProjectStatus, string> = {
  active: 'bg-green-100 text-green-900',
  cancelled: 'bg-amber-100 text-amber-900',
  inactive: 'bg-red-100 text-red-900',
};

/** Active, cancelled, or inactive with why. */
export function ProjectStatusBadge({ status, reason }: { status: ProjectStatus; reason: InactiveReason | null }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLOURS[status]}`}>
      {t(`status.${status}`)}
      {status === 'inactive' && reason ? ` · ${t(`reason.${reason}`)}` : ''}
    </span>
  );
}

const BILLING_COLOURS: Record<Badge, string> = {
  overdue: 'bg-red-100 text-red-900',
  dueSoon: 'bg-amber-100 text-amber-900',
  thisMonth: 'bg-blue-100 text-blue-900',
  future: 'bg-slate-100 text-slate-800',
};

export function BillingBadge({ badge }: { badge: Badge }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${BILLING_COLOURS[badge]}`}>{t(`badge.${badge}`)}</span>
  );
}
