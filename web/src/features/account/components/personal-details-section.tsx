import { useState } from 'react';
import type { User } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { DetailsList, DetailsSection, Ltr } from './details-list.tsx';
import { ProfileFormDialog } from './profile-form-dialog.tsx';

/** One's own name, username, email, phone and city, with the dialog that edits them (docs/product.md "Your own account"). */
export function PersonalDetailsSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const none = t('notProvided');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <DetailsSection id="account-personal" title={t('personal.title')}>
      <DetailsList
        items={[
          { label: t('personal.name'), value: name ? <bdi>{name}</bdi> : none },
          { label: t('personal.username'), value: <Ltr>{user.username}</Ltr> },
          { label: t('personal.email'), value: user.email ? <Ltr>{user.email}</Ltr> : none },
          { label: t('personal.phone'), value: user.phone ? <Ltr>{user.phone}</Ltr> : none },
          { label: t('personal.city'), value: user.city ? <bdi>{user.city}</bdi> : none },
        ]}
      />
      <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={() => setEditing(true)}>
        {t('personal.edit')}
      </Button>
      <ProfileFormDialog open={editing} user={user} onClose={() => setEditing(false)} />
    </DetailsSection>
  );
}
