/**
 * Billing routes (docs/product.md "API routes" → "Billing"): the platform admin's run, project actions,
 * invoices and audit log; a project's managers read their own invoices.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVOICE_STATUSES,
  adminProjectSchema,
  auditListSchema,
  billingRunInput,
  billingRunResult,
  deactivateInput,
  invoiceDocumentSchema,
  invoiceListSchema,
  priceInput,
  type AuditEntry,
  type Invoice,
  type InvoiceDocument,
} from '#contract/billing.ts';
import { oneOf } from '../../db/raw-rows.ts';
import { platformAdminOf, userOf } from '../../plugins/access.ts';
import { toAdminProject } from '../projects/projects.service.ts';
import type { AuditRow, InvoiceRow } from './billing.queries.ts';
import { runBilling } from './billing.service.ts';
import {
  anyInvoice,
  changePrice,
  deactivate,
  ownInvoice,
  ownInvoices,
  platformAdminActor,
  projectAudit,
  projectInvoices,
  reactivate,
} from './project-actions.service.ts';

const idParams = z.object({ id: z.string() });

export function toInvoice(r: InvoiceRow): Invoice {
  return {
    id: r.id,
    number: r.number,
    projectId: r.projectId,
    issueDate: r.issueDate,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    description: r.description,
    customerName: r.customerName,
    customerContact: r.customerContact,
    customerCity: r.customerCity,
    amountAgorot: r.amountAgorot,
    vatBasisPoints: r.vatBasisPoints,
    vatAgorot: r.vatAgorot,
    totalAgorot: r.totalAgorot,
    status: oneOf(INVOICE_STATUSES, r.status),
    attempts: r.attempts,
    nextAttemptOn: r.nextAttemptOn,
    paidAt: r.paidAt?.toISOString() ?? null,
    issuedAt: r.issuedAt.toISOString(),
  };
}

const toAuditEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  actorType: r.actorType,
  actorName: r.actorName,
  action: r.action,
  entityId: r.entityId,
  data: r.data ?? null,
  before: r.before ?? null,
  after: r.after ?? null,
});

export async function billingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The seller as stored at issue; an invoice issued before sellers were stored shows the configured one
  // (docs/decisions/026-fixed-invoices.md).
  const toDocument = (r: InvoiceRow): InvoiceDocument => ({
    ...toInvoice(r),
    seller:
      r.sellerName === null
        ? app.config.billing.business
        : { name: r.sellerName, registrationNumber: r.sellerRegistrationNumber ?? '', address: r.sellerAddress ?? '' },
  });

  const adminActor = (request: FastifyRequest) => platformAdminActor(app, platformAdminOf(request).platformAdminId);

  app.post(
    '/admin/billing/run',
    {
      config: { access: 'platformAdmin', idempotent: true },
      schema: { body: billingRunInput.optional(), response: { 200: billingRunResult } },
    },
    async (request) => {
      const asOf = request.body?.asOf;
      const result = await runBilling(app, { asOf, actor: await adminActor(request) });
      request.log.info({ asOf, ...result }, 'billing run by a platform admin');
      return result;
    },
  );

  // The original product's `?admin=` marker is replaced by the admin session and ignored.
  app.put(
    '/admin/reactivate-account/:id',
    { config: { access: 'platformAdmin', idempotent: true }, schema: { params: idParams, response: { 200: adminProjectSchema } } },
    async (request) => toAdminProject(await reactivate(app, request.params.id, await adminActor(request))),
  );

  app.put(
    '/admin/projects/:id/price',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, body: priceInput, response: { 200: adminProjectSchema } } },
    async (request) => toAdminProject(await changePrice(app, request.params.id, request.body.monthlyPrice, await adminActor(request))),
  );

  app.put(
    '/admin/projects/:id/deactivate',
    {
      config: { access: 'platformAdmin', idempotent: true },
      schema: { params: idParams, body: deactivateInput, response: { 200: adminProjectSchema } },
    },
    async (request) => toAdminProject(await deactivate(app, request.params.id, request.body.reason, await adminActor(request))),
  );

  app.get(
    '/admin/projects/:id/invoices',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, response: { 200: invoiceListSchema } } },
    async (request) => ({ invoices: (await projectInvoices(app, request.params.id)).map(toInvoice) }),
  );

  app.get(
    '/admin/projects/:id/audit',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, response: { 200: auditListSchema } } },
    async (request) => ({ entries: (await projectAudit(app, request.params.id)).map(toAuditEntry) }),
  );

  app.get(
    '/admin/invoices/:id',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, response: { 200: invoiceDocumentSchema } } },
    async (request) => toDocument(await anyInvoice(app, request.params.id)),
  );

  app.get('/invoices', { config: { access: 'manager' }, schema: { response: { 200: invoiceListSchema } } }, async (request) => {
    return { invoices: (await ownInvoices(app, userOf(request).projectId)).map(toInvoice) };
  });

  app.get(
    '/invoices/:id',
    { config: { access: 'manager' }, schema: { params: idParams, response: { 200: invoiceDocumentSchema } } },
    // Another project's invoice answers as if it did not exist.
    async (request) => toDocument(await ownInvoice(app, request.params.id, userOf(request).projectId)),
  );
}
