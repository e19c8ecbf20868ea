import type { Member } from '#contract/users.ts';
import { CardActions } from '#web/components/ui/card-actions.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { deleteBlockedReason } from '../lib/member-form.ts';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium';
const ROLE_COLOURS = { admin: 'bg-purple-50 text-purple-900', manager: 'bg-blue-50 text-blue-900', cleaner: 'bg-slate-100 text-slate-800' };

export const memberName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.username;

/**
 * One member: name, username, email, role, state; edit, and delete unless it is the owner or you;
 * a temporary password for anyone but the owner (whose way back is the platform admin) and you (who
 * use the account profile).
 */
export function MemberCard({
  member,
  myId,
  onEdit,
  onDelete,
  onTemporaryPassword,
}: {
  member: Member;
  myId: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onTemporaryPassword: () => void;
}) {
  const { t } = useTranslation('users');
  const name = memberName(member);
  const blocked = deleteBlockedReason(member, myId);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="member-card">
      <div className="min-w-0 space-y-1">
        <h3 className="font-semibold break-words text-slate-900">
          <bdi>{name}</bdi>
        </h3>
        <p className="text-sm break-all text-slate-700">
          <bdi dir="ltr">@{member.username}</bdi>
        </p>
        {member.email && (
          <p className="text-sm break-all text-slate-700">
            <bdi dir="ltr">{member.email}</bdi>
          </p>
        )}
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={t('card.details', { name })}>
        <li className={`${badge} ${ROLE_COLOURS[member.role]}`}>{t(`roles.${member.role}`)}</li>
        <li className={`${badge} ${member.isActive ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}>
          {member.isActive ? t('card.active') : t('card.inactive')}
        </li>
        {member.isOwner && <li className={`${badge} bg-amber-50 text-amber-900`}>{t('card.protected')}</li>}
      </ul>
      <CardActions
        className="mt-auto flex flex-wrap items-center gap-2"
        itemName={name}
        onEdit={onEdit}
        onDelete={onDelete}
        deleteBlocked={blocked ? { id: `member-${member.id}-delete-reason`, reason: t(blocked) } : null}
      />
      {!member.isOwner && member.id !== myId && (
        <button
          type="button"
          onClick={onTemporaryPassword}
          aria-label={t('card.temporaryPasswordFor', { name })}
          className="min-h-11 self-start rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {t('card.temporaryPassword')}
        </button>
      )}
    </li>
  );
}
