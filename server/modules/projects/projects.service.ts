import { INACTIVE_REASONS, PROJECT_STATUSES, type AdminProject, type MaskedCard } from '#contract/billing.ts';
import { oneOf } from '../../db/raw-rows.ts';
import type { ProjectRow } from './projects.queries.ts';

/** Whether the project is active, its status, and why it is inactive (docs/product.md "Billing and VAT"). */
export function projectStateOf(p: ProjectRow) {
  return {
    isActive: p.status !== 'inactive',
    status: oneOf(PROJECT_STATUSES, p.status),
    inactiveReason: p.inactiveReason === null ? null : oneOf(INACTIVE_REASONS, p.inactiveReason),
  };
}

/** A project as the platform admin sees it (`GET /api/admin/hotels` and the admin's project actions). */
export function toAdminProject(p: ProjectRow): AdminProject {
  return {
    id: p.id,
    name: p.name,
    facilityType: p.facilityType,
    qrId: p.qrId,
    ...projectStateOf(p),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The project's card as anyone may see it: brand, last 4, expiry and holder, never the number (docs/product.md "No card data stored"). */
export function maskedCardOf(p: ProjectRow): MaskedCard {
  if (!p.cardToken) return null;
  return {
    brand: p.cardBrand ?? 'card',
    last4: p.cardLast4 ?? '',
    expiryMonth: p.cardExpiryMonth ?? 0,
    expiryYear: p.cardExpiryYear ?? 0,
    holderName: p.cardHolderName ?? '',
  };
}
