import { useState } from 'react';
import { ROLES, type Role } from '#contract/constants.ts';
import type { Member } from '#contract/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { useMembers } from '../api/users.ts';
import { MemberCard, memberName } from '../components/member-card.tsx';
import { MemberFormDialog } from '../components/member-form-dialog.tsx';
import { MemberTemporaryPassword } from '../components/member-temporary-password.tsx';
import { useMemberActions, type Editing } from '../lib/use-member-actions.ts';

type RoleFilter = Role | 'all';

/** The project's team, for its admins (docs/product.md "User management"). */
export default function UserManagementPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const { data: me } = useAuthUser();
  const members = useMembers();
  const [filter, setFilter] = useState<RoleFilter>('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [resetting, setResetting] = useState<Member | null>(null);
  const actions = useMemberActions({ editing, done: () => setEditing(null), deleting, deleted: () => setDeleting(null) });

  const list = members.data?.users ?? [];
  const shown = filter === 'all' ? list : list.filter((m) => m.role === filter);
  const counts = members.data?.counts;
  const tiles: { key: RoleFilter; label: string; value: number | undefined }[] = [
    { key: 'all', label: t('counts.total'), value: counts?.total },
    ...ROLES.map((r) => ({ key: r, label: t(`counts.${r}`), value: counts?.[r] })),
  ];

  let body;
  if (members.isPending) {
    body = <Loading />;
  } else if (members.isError) {
    body = (
      <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p>{t('list.error')}</p>
        <p className="text-sm">{errorText(members.error, tc('state.error'))}</p>
        <Button variant="secondary" onClick={() => void members.refetch()}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        <p>{t('list.empty')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((m) => (
          <MemberCard
            key={m.id}
            member={m}
            myId={me?.id}
            onEdit={() => setEditing({ mode: 'edit', member: m })}
            onDelete={() => setDeleting(m)}
            onTemporaryPassword={() => setResetting(m)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-sm text-slate-700">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setEditing({ mode: 'add' })}>
          <span aria-hidden>+</span>
          {t('actions.add')}
        </Button>
      </header>

      <section aria-label={t('counts.label')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {tiles.map((tile) => (
          <button
            key={tile.key}
            type="button"
            onClick={() => setFilter(tile.key)}
            aria-pressed={filter === tile.key}
            className={`min-h-11 rounded-lg border p-3 text-start ${filter === tile.key ? 'border-blue-600 bg-blue-50' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
          >
            <span className="block text-sm text-slate-700">{tile.label}</span>
            <span className="block text-2xl font-bold text-slate-900" data-testid={`count-${tile.key}`}>
              {tile.value ?? '–'}
            </span>
          </button>
        ))}
      </section>

      <section aria-labelledby="member-list-title" aria-busy={members.isFetching}>
        <h2 id="member-list-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('list.title')}
          {members.isSuccess && <span className="ms-2 text-sm font-normal text-slate-700">({shown.length})</span>}
        </h2>
        {body}
      </section>

      <MemberFormDialog
        open={editing !== null}
        member={editing?.mode === 'edit' ? editing.member : null}
        myId={me?.id}
        saving={actions.saving}
        onSubmit={actions.save}
        onClose={() => setEditing(null)}
      />

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        description={t('delete.confirm')}
        pendingLabel={t('delete.deleting')}
        pending={actions.deleting}
        onConfirm={actions.confirmDelete}
      >
        {deleting && (
          <>
            <p className="font-medium">
              <bdi>{memberName(deleting)}</bdi>
            </p>
            <p className="mt-1">{t('delete.warning')}</p>
          </>
        )}
      </ConfirmDialog>

      <MemberTemporaryPassword member={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
