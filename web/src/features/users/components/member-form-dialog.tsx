import { Link } from 'react-router';
import { useState, type FormEvent } from 'react';
import { ROLES } from '#contract/constants.ts';
import type { Member } from '#contract/users.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { FormActions } from '#web/components/ui/form-actions.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { emptyMemberForm, memberFormOf, memberFormProblem, memberInputOf, type MemberForm } from '../lib/member-form.ts';

export type MemberInput = ReturnType<typeof memberInputOf>;

function MemberFormFields({
  member,
  myId,
  saving,
  onSubmit,
  onCancel,
}: {
  member: Member | null;
  myId: string | undefined;
  saving: boolean;
  onSubmit: (input: MemberInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('users');
  const [form, setForm] = useState<MemberForm>(() => (member ? memberFormOf(member) : emptyMemberForm()));
  const [submitted, setSubmitted] = useState(false);
  const adding = member === null;
  const problem = memberFormProblem(form, adding);
  const set =
    <K extends keyof MemberForm>(key: K) =>
    (value: MemberForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  // The owner stays an active admin (docs/product.md "User management is real").
  const locked = member?.isOwner === true;
  // Nobody deactivates themselves (the server refuses it with cannot_delete_self).
  const editingSelf = member !== null && member.id === myId;
  const activeLocked = locked || editingSelf;
  // Only the owner changes how the owner signs in (the server refuses it with owner_protected).
  const signInLocked = locked && member.id !== myId;
  const signInHint = signInLocked ? t('form.ownerSignInLocked') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem) return;
    onSubmit(memberInputOf(form));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {submitted && problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {t(problem)}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('form.firstName')}
          required
          value={form.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          label={t('form.lastName')}
          value={form.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <TextField
        label={t('form.username')}
        required
        dir="ltr"
        value={form.username}
        disabled={signInLocked}
        hint={signInHint}
        onChange={(e) => set('username')(e.target.value)}
        maxLength={100}
        autoComplete="off"
      />
      <TextField
        label={t('form.email')}
        required
        type="email"
        dir="ltr"
        value={form.email}
        disabled={signInLocked}
        onChange={(e) => set('email')(e.target.value)}
        maxLength={200}
        autoComplete="off"
      />
      <TextField
        label={t('form.phone')}
        type="tel"
        dir="ltr"
        value={form.phone}
        onChange={(e) => set('phone')(e.target.value)}
        maxLength={40}
        autoComplete="off"
      />
      <SelectField
        label={t('form.role')}
        value={form.role}
        disabled={locked}
        hint={locked ? t('form.ownerLocked') : undefined}
        onChange={(e) => set('role')(ROLES.find((r) => r === e.target.value) ?? form.role)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </SelectField>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={form.isActive}
          disabled={activeLocked}
          onChange={(e) => set('isActive')(e.target.checked)}
          className="h-6 w-6 shrink-0 accent-blue-700"
        />
        {t('form.isActive')}
      </label>
      {/* One's own password changes with the current one, on the account page (docs/product.md "Your own account"). */}
      {editingSelf ? (
        <p className="text-sm text-slate-700">
          {t('form.ownPassword')}{' '}
          <Link to="/account-profile" className="font-medium text-blue-800 underline">
            {t('form.ownPasswordLink')}
          </Link>
        </p>
      ) : (
        <>
          <TextField
            label={t('form.password')}
            required={adding}
            type="password"
            value={form.password}
            disabled={signInLocked}
            onChange={(e) => set('password')(e.target.value)}
            hint={adding ? t('form.passwordHint') : signInLocked ? signInHint : t('form.passwordKeep')}
            maxLength={200}
            autoComplete="new-password"
          />
          <TextField
            label={t('form.confirmPassword')}
            required={adding}
            type="password"
            value={form.confirmPassword}
            disabled={signInLocked}
            onChange={(e) => set('confirmPassword')(e.target.value)}
            maxLength={200}
            autoComplete="new-password"
          />
        </>
      )}
      <FormActions onCancel={onCancel} saving={saving} savingLabel={t('form.saving')} />
    </form>
  );
}

/** Add or edit a member: the spec's fields and messages (docs/product.md "User management"). */
export function MemberFormDialog({
  open,
  member,
  myId,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** The member being edited; null when adding. */
  member: Member | null;
  /** The signed-in user's id: they cannot deactivate themselves. */
  myId: string | undefined;
  saving: boolean;
  onSubmit: (input: MemberInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && !saving && onClose()}
      title={member ? t('form.editTitle') : t('form.addTitle')}
      description={t('form.description')}
      wide
    >
      {open && (
        <MemberFormFields key={member?.id ?? 'new'} member={member} myId={myId} saving={saving} onSubmit={onSubmit} onCancel={onClose} />
      )}
    </Dialog>
  );
}
