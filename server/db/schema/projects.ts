import { date, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { DEFAULT_PROJECT_TIME_ZONE } from '../../lib/calendar.ts';

/** The tenant. Every tenant-owned table carries project_id (ready for sharding by it). */
export const projects = pgTable('projects', {
  id: id(),
  name: text('name').notNull(),
  facilityType: text('facility_type').notNull().default('construction'),
  /** Unguessable id printed in the project QR code (>=128 random bits, base64url). */
  qrId: text('qr_id').notNull().unique(),
  /** active | cancelled | inactive */
  status: text('status').notNull().default('active'),
  timezone: text('timezone').notNull().default(DEFAULT_PROJECT_TIME_ZONE),
  /** Monthly price before VAT, in agorot. */
  monthlyPriceAgorot: integer('monthly_price_agorot').notNull().default(139_900),
  /** Day the billing cycle is anchored on (registration date). */
  billingAnchor: date('billing_anchor').notNull(),
  /** After cancellation the project stays usable until this date. */
  paidUntil: date('paid_until'),
  /** Why the project is inactive: payment_failed | cancelled | admin; null while active. */
  inactiveReason: text('inactive_reason'),
  /** The platform admin's words when they deactivated the project. */
  inactiveNote: text('inactive_note'),
  inactiveSince: timestamp('inactive_since', { withTimezone: true }),
  /**
   * The first billing date invoiced after a reactivation: the periods while the project was inactive
   * are never invoiced (docs/decisions/020-billing-engine.md). Null: from the first billing date.
   */
  billingResumesOn: date('billing_resumes_on'),
  // Payment method reference only: never the card number, never the CVV.
  cardToken: text('card_token'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpiryMonth: smallint('card_expiry_month'),
  cardExpiryYear: smallint('card_expiry_year'),
  cardHolderName: text('card_holder_name'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
