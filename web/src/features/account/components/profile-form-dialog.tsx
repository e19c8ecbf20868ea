import { useState, type FormEvent } from 'react';
import type { User } from '#contract/auth.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { FormActions } from '#web/components/ui/form-actions.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useUpdateProfile } from '../api/profile.ts';
import {
  PROFILE_FIELDS,
  profileFormOf,
  profileFormProblems,
  profileInputOf,
  type ProfileField,
  type ProfileForm,
} from '../lib/profile-form.ts';

const FIELD_PROPS: Record<ProfileField, { maxLength: number; autoComplete: string; type?: string; ltr?: boolean }> = {
  firstName: { maxLength: 100, autoComplete: 'given-name' },
  lastName: { maxLength: 100, autoComplete: 'family-name' },
  email: { maxLength: 200, autoComplete: 'email', type: 'email', ltr: true },
  phone: { maxLength: 40, autoComplete: 'tel', type: 'tel', ltr: true },
  city: { maxLength: 100, autoComplete: 'address-level2' },
};

function ProfileFormFields({ user, update, onDone }: { user: User; update: ReturnType<typeof useUpdateProfile>; onDone: () => void }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(user));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});

  const change = (field: ProfileField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (update.isPending) return;
    const problems = profileFormProblems(form);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    const first = PROFILE_FIELDS.find((f) => problems[f]);
    if (first) {
      const control = e.currentTarget.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    update.mutate(profileInputOf(form), {
      onSuccess: () => {
        toast({ title: t('profileForm.success'), variant: 'success' });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'unauthorized') return; // the shell reports it and signs out
        toast({ title: t('profileForm.errorTitle'), description: errorText(err), variant: 'destructive' });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-busy={update.isPending}>
      <div className="grid gap-3 sm:grid-cols-2">
        {PROFILE_FIELDS.map((field) => {
          const { ltr, ...props } = FIELD_PROPS[field];
          return (
            <TextField
              key={field}
              name={field}
              label={t(`profileForm.${field}`)}
              value={form[field]}
              error={errors[field]}
              dir={ltr ? 'ltr' : 'auto'}
              onChange={(e) => change(field, e.target.value)}
              {...props}
            />
          );
        })}
      </div>
      <FormActions onCancel={onDone} saving={update.isPending} savingLabel={t('profileForm.saving')} />
    </form>
  );
}

/** Edit one's own name, email, phone and city (docs/product.md "Your own account"); every field may stay empty. */
export function ProfileFormDialog({ open, user, onClose }: { open: boolean; user: User; onClose: () => void }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && !update.isPending && onClose()}
      title={t('profileForm.title')}
      description={t('profileForm.description')}
      wide
    >
      {open && <ProfileFormFields user={user} update={update} onDone={onClose} />}
    </Dialog>
  );
}
