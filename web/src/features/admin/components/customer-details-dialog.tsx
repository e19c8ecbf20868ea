import type { ReactNode } from 'react';
import type { CustomerBilling } from '#contract/billing.ts';
import { projectTypeLabelKey } from '#contract/project-types.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { contactName, formatDate, formatShekels } from '../lib/billing-view.ts';
import { DetailRows } from './detail-rows.tsx';
import { MaskedCard } from './masked-card.tsx';
import { ProjectStatusBadge } from './status-badges.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-800">{title}</h3>
      {children}
    </section>
  );
}

/** A customer's details: the card only masked — never its number or CVV (docs/product.md "No card data stored"). */
export function CustomerDetailsDialog({ row, onClose }: { row: CustomerBilling | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const none = t('billing.none');
  return (
    <Dialog open={row !== null} onOpenChange={(o) => !o && onClose()} title={t('billing.detailsTitle')} wide>
      {row && (
        <div className="space-y-5" data-testid="customer-details">
          <Section title={t('billing.business')}>
            <DetailRows
              rows={[
                [t('projects.name'), <bdi key="n">{row.facilityName}</bdi>],
                [t('projects.type'), t(projectTypeLabelKey(row.facilityType))],
                [t('billing.city'), row.city ? <bdi key="c">{row.city}</bdi> : none],
              ]}
            />
          </Section>
          <Section title={t('billing.contact')}>
            <DetailRows
              rows={[
                [t('billing.name'), <bdi key="n">{contactName(row)}</bdi>],
                [t('billing.username'), <bdi key="u">@{row.username}</bdi>],
                [t('billing.email'), row.email ? <bdi key="e">{row.email}</bdi> : none],
                [t('billing.phone'), row.phone ? <bdi key="p">{row.phone}</bdi> : none],
              ]}
            />
          </Section>
          <Section title={t('billing.card')}>
            <div className="text-sm">
              <MaskedCard card={row.card} withDetails />
            </div>
          </Section>
          <Section title={t('billing.billing')}>
            <DetailRows
              rows={[
                [t('billing.priceBeforeVat'), <bdi key="p">{formatShekels(row.monthlyPrice, i18n.language)}</bdi>],
                [t('billing.amountDue'), <bdi key="a">{formatShekels(row.totalAmountDue, i18n.language)}</bdi>],
                [t('projects.registered'), formatDate(row.createdAt)],
                [t('billing.nextBilling'), formatDate(row.nextBillingDate)],
                [t('projects.status'), <ProjectStatusBadge key="s" status={row.status} reason={row.inactiveReason} />],
                ...(row.inactiveNote
                  ? ([[t('billing.inactiveNote'), <bdi key="r">{row.inactiveNote}</bdi>]] as [string, ReactNode][])
                  : []),
              ]}
            />
          </Section>
        </div>
      )}
    </Dialog>
  );
}
