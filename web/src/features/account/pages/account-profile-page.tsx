import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { Profile } from '#contract/auth.ts';
import { projectTypeLabelKey } from '#contract/project-types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useProfile } from '#web/lib/queries/session.ts';
import { AccountCancelSection } from '../components/account-cancel-section.tsx';
import { AccountInvoicesSection } from '../components/account-invoices-section.tsx';
import { AccountStatusBadge } from '../components/account-status-badge.tsx';
import { CardSummary } from '../components/card-summary.tsx';
import { CardUpdateDialog } from '../components/card-update-dialog.tsx';
import { DailyDigestSection } from '../components/daily-digest-section.tsx';
import { DetailsList, DetailsSection } from '../components/details-list.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { PersonalDetailsSection } from '../components/personal-details-section.tsx';
import { ProfilePictureSection } from '../components/profile-picture-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { formatDate, formatIls } from '../format.ts';

function ProfileView({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('account');
  const [cardOpen, setCardOpen] = useState(false);
  const lng = i18n.language;
  const isAdmin = profile.role === 'admin';
  // docs/product.md ("Account profile"): billing, the card and the invoices are the project admins' and managers'.
  const seesBilling = profile.role !== 'cleaner';
  const status = profile.projectStatus;
  // docs/product.md ("Account profile"): the card and cancel controls belong to a live account;
  // ("Inactive project keeps its data") an inactive one's way back is a new card; a cancelled one keeps neither.
  const canUpdateCard = isAdmin && status !== 'cancelled';
  const canCancel = isAdmin && status === 'active';

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 p-4 sm:p-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <AccountStatusBadge status={status} paidUntil={profile.paidUntil} />
      </header>

      {status === 'cancelled' && profile.paidUntil && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t('cancelledNotice', { date: formatDate(profile.paidUntil, lng) })}
        </p>
      )}
      {status === 'inactive' && (
        <div role="alert" className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
          <h2 className="font-semibold">{t('inactive.title')}</h2>
          <p>{t('inactive.body')}</p>
          <p className="font-medium">{isAdmin ? t('inactive.wayBack') : t('inactive.askAdmin')}</p>
        </div>
      )}

      <ProfilePictureSection user={profile} />
      <PersonalDetailsSection user={profile} />

      <DetailsSection id="account-business" title={t('business.title')}>
        <DetailsList
          items={[
            { label: t('business.projectName'), value: <bdi>{profile.facilityName}</bdi> },
            {
              label: t('business.projectType'),
              value: t(projectTypeLabelKey(profile.facilityType), { defaultValue: profile.facilityType }),
            },
            {
              label: t('business.role'),
              value: (
                <>
                  {t(`roles.${profile.role}`)}
                  {profile.isOwner && (
                    <span className="ms-2 inline-block rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
                      {t('business.owner')}
                    </span>
                  )}
                </>
              ),
            },
          ]}
        />
      </DetailsSection>

      <PasswordSection username={profile.username} />
      <SessionsSection timeZone={profile.timezone} />
      {/* docs/product.md ("Daily e-mail"): a project admin's or manager's, never a cleaner's. */}
      {seesBilling && <DailyDigestSection email={profile.email} />}

      {seesBilling && (
        <>
          <DetailsSection id="account-billing" title={t('billing.title')}>
            <DetailsList
              items={[
                { label: t('billing.monthlyPrice'), value: t('billing.priceExclVat', { price: formatIls(profile.monthlyPrice, lng) }) },
                ...(status === 'active' ? [{ label: t('billing.nextBillingDate'), value: formatDate(profile.nextBillingDate, lng) }] : []),
                ...(status === 'cancelled' && profile.paidUntil
                  ? [{ label: t('billing.paidUntil'), value: formatDate(profile.paidUntil, lng) }]
                  : []),
              ]}
            />
            <p className="mt-3 text-sm text-slate-600">{t('billing.vatNote')}</p>
          </DetailsSection>

          <DetailsSection id="account-card" title={t('card.title')}>
            <CardSummary card={profile.card} />
            {canUpdateCard && (
              <>
                <Button className="mt-4 w-full sm:w-auto" onClick={() => setCardOpen(true)}>
                  {t('card.update')}
                </Button>
                <CardUpdateDialog open={cardOpen} onOpenChange={setCardOpen} />
              </>
            )}
            {!isAdmin && <p className="mt-4 text-sm text-slate-700">{t('card.adminOnly')}</p>}
          </DetailsSection>
          <AccountInvoicesSection />
        </>
      )}

      {canCancel && <AccountCancelSection activeUntil={profile.nextBillingDate} />}
    </div>
  );
}

/**
 * /account-profile — the signed-in user's own profile, picture, password and sessions, and the
 * project's billing and card (docs/product.md "Account profile", "Your own account").
 */
export default function AccountProfilePage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const profile = useProfile();

  if (profile.data) return <ProfileView profile={profile.data} />;
  const err = profile.error;
  // A 401 is the shell's: it says so and sends the user to /login.
  if (profile.isPending || (err instanceof ApiError && err.code === 'unauthorized')) return <Loading />;
  const forbidden = err instanceof ApiError && err.code === 'forbidden';
  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('title')}</h1>
      <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
        <p>{forbidden ? t('load.forbidden') : t('load.error')}</p>
        {!forbidden && (
          <Button variant="secondary" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
            {tc('actions.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
