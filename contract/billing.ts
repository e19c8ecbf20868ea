/**
 * Billing, invoices and the platform admin's views (docs/product.md "Billing and VAT", "Platform admin",
 * docs/decisions/020-billing-engine.md). Money crosses the API in agorot (integers) except where the
 * original product's fields are in shekels (`monthlyPrice`, `totalAmountDue`), as named.
 */
import { z } from 'zod';
import { isoDate } from './rooms.ts';
import { requiredText } from './text.ts';

/** The calendar of every billing date (the seller's and the tax authority's): docs/decisions/036-calendar.md. */
export const BILLING_TIME_ZONE = 'Asia/Jerusalem';

export const INVOICE_STATUSES = ['open', 'paid', 'failed', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PROJECT_STATUSES = ['active', 'cancelled', 'inactive'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Why a project is inactive. */
export const INACTIVE_REASONS = ['payment_failed', 'cancelled', 'admin'] as const;
export type InactiveReason = (typeof INACTIVE_REASONS)[number];

/** The seller printed on a tax invoice: the server's configured seller, stored on the invoice when it is issued. */
export const sellerSchema = z.object({ name: z.string(), registrationNumber: z.string(), address: z.string() });
export type Seller = z.infer<typeof sellerSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** Gap-free tax-invoice number across the platform. */
  number: z.number().int(),
  projectId: z.string(),
  issueDate: z.string(),
  periodStart: z.string(),
  /** Inclusive. */
  periodEnd: z.string(),
  description: z.string(),
  customerName: z.string(),
  customerContact: z.string().nullable(),
  customerCity: z.string().nullable(),
  amountAgorot: z.number().int(),
  vatBasisPoints: z.number().int(),
  vatAgorot: z.number().int(),
  totalAgorot: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  attempts: z.number().int(),
  nextAttemptOn: z.string().nullable(),
  paidAt: z.string().nullable(),
  issuedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** One invoice with the seller, for the printable tax invoice. */
export const invoiceDocumentSchema = invoiceSchema.extend({ seller: sellerSchema });
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });

/** `POST /api/admin/billing/run`: bill every project as of a date (default: today). */
export const billingRunInput = z.object({ asOf: isoDate.optional() });
export const billingRunResult = z.object({
  invoicesCreated: z.number().int(),
  charged: z.number().int(),
  failed: z.number().int(),
});
export type BillingRunResult = z.infer<typeof billingRunResult>;

/** `GET /api/pricing` (public): what registration shows. */
export const pricingSchema = z.object({
  /** Shekels before VAT. */
  monthlyPrice: z.number(),
  vatBasisPoints: z.number().int(),
  /** Shekels with VAT, rounded to whole shekels. */
  monthlyPriceWithVat: z.number(),
  freeMonths: z.number().int(),
});
export type Pricing = z.infer<typeof pricingSchema>;

/** A masked card: never the number or the CVV (docs/product.md "No card data stored"). */
export const maskedCardSchema = z
  .object({ brand: z.string(), last4: z.string(), expiryMonth: z.number(), expiryYear: z.number(), holderName: z.string() })
  .nullable();
export type MaskedCard = z.infer<typeof maskedCardSchema>;

/** `GET /api/admin/hotels`: every project. */
export const adminProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  facilityType: z.string(),
  qrId: z.string(),
  isActive: z.boolean(),
  status: z.enum(PROJECT_STATUSES),
  inactiveReason: z.enum(INACTIVE_REASONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

/** `GET /api/admin/users`: every project member on the platform. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  isOwner: z.boolean(),
  isActive: z.boolean(),
  projectId: z.string(),
  facilityName: z.string(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/customers-billing`: one row per project, named after its owner (the original product's "customer"). */
export const customerBillingSchema = z.object({
  /** The project's id (the row's actions act on the project). */
  id: z.string(),
  facilityName: z.string(),
  facilityType: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isActive: z.boolean(),
  status: z.enum(PROJECT_STATUSES),
  inactiveReason: z.enum(INACTIVE_REASONS).nullable(),
  inactiveNote: z.string().nullable(),
  paidUntil: z.string().nullable(),
  createdAt: z.string(),
  nextBillingDate: z.string(),
  /** Negative when overdue. */
  daysUntilBilling: z.number().int(),
  /** Shekels before VAT. */
  monthlyPrice: z.number(),
  /** Price plus the VAT in force on the next billing date, in whole shekels. */
  totalAmountDue: z.number(),
  vatBasisPoints: z.number().int(),
  /** Unpaid invoices (open or failed). */
  unpaidInvoices: z.number().int(),
  card: maskedCardSchema,
});
export type CustomerBilling = z.infer<typeof customerBillingSchema>;

/** `PUT /api/admin/projects/:id/price`: shekels before VAT, from the next period. */
export const priceInput = z.object({ monthlyPrice: z.number().min(0).max(1_000_000) });
/** `PUT /api/admin/projects/:id/deactivate`. */
export const deactivateInput = z.object({ reason: requiredText(500) });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** user | platform-admin | system */
  actorType: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityId: z.string().nullable(),
  data: z.unknown().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
