import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { Profile } from '#contract/auth.ts';
import { formatDate } from '../format.ts';

const styles: Record<Profile['projectStatus'], string> = {
  active: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  cancelled: 'bg-amber-100 text-amber-900 border-amber-300',
  inactive: 'bg-red-100 text-red-900 border-red-300',
};

export function AccountStatusBadge({ status, paidUntil }: { status: Profile['projectStatus']; paidUntil: string | null }) {
  const { t, i18n } = useTranslation('account');
  const text =
    status === 'cancelled'
      ? paidUntil
        ? t('status.cancelled', { date: formatDate(paidUntil, i18n.language) })
        : t('status.cancelledNoDate')
      : t(`status.${status}`);
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-700">{t('status.label')}:</span>
      <span
        data-testid="account-status"
        className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-semibold ${styles[status]}`}
      >
        <span aria-hidden className="h-2 w-2 rounded-full bg-current" />
        {text}
      </span>
    </p>
  );
}
