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
} from '../../../contract/billing.ts';
import { oneOf } from '../../db/raw-rows.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { platformAdminOf, userOf } from '../../plugins/access.ts';
import { findProject } from '../projects/projects.queries.ts';
import { toAdminProject } from '../projects/projects.service.ts';
import {
  deactivateProject,
  findAnyInvoice,
  findInvoice,
  listAudit,
  listInvoices,
  platformAdminName,
  reactivateProject,
  setProjectPrice,
  type AuditRow,
  type InvoiceRow,
} from './billing.queries.ts';
import type { Actor } from '../audit/audit.queries.ts';
import { runBilling } from './billing.service.ts';
import { billingToday } from '../../lib/calendar.ts';
import { nextBillingDate } from './periods.ts';

const idParams = z.object({ id: z.string() });
/** The audit entries one answer carries at most (newest first). */
const AUDIT_LIMIT = 500;

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

  /** The signed-in platform admin, as the audit log names them. */
  const adminActor = async (request: FastifyRequest): Promise<Actor> => {
    const auth = platformAdminOf(request);
    return { type: 'platform-admin', id: auth.platformAdminId, name: await platformAdminName(app.db, auth.platformAdminId) };
  };
  const projectOr404 = async (id: string) => {
    const project = isUuid(id) ? await findProject(app.db, id) : undefined;
    if (!project) throw notFound('project_not_found', 'Project not found');
    return project;
  };

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
    async (request) => {
      const project = await projectOr404(request.params.id);
      if (project.status !== 'inactive') throw conflict('account_already_active', 'The account is already active');
      // The months while it was inactive are never invoiced: billing resumes on the next billing date.
      const resumesOn = nextBillingDate(project.billingAnchor, billingToday(app.now()));
      const after = await reactivateProject(app.db, { projectId: project.id, resumesOn, now: app.now(), actor: await adminActor(request) });
      if (!after) throw conflict('account_already_active', 'The account is already active');
      return toAdminProject(after);
    },
  );

  app.put(
    '/admin/projects/:id/price',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, body: priceInput, response: { 200: adminProjectSchema } } },
    async (request) => {
      const project = await projectOr404(request.params.id);
      const priceAgorot = Math.round(request.body.monthlyPrice * 100);
      const after = await setProjectPrice(app.db, { projectId: project.id, priceAgorot, now: app.now(), actor: await adminActor(request) });
      if (!after) throw notFound('project_not_found', 'Project not found');
      return toAdminProject(after);
    },
  );

  app.put(
    '/admin/projects/:id/deactivate',
    {
      config: { access: 'platformAdmin', idempotent: true },
      schema: { params: idParams, body: deactivateInput, response: { 200: adminProjectSchema } },
    },
    async (request) => {
      const project = await projectOr404(request.params.id);
      if (project.status === 'inactive') throw conflict('project_already_inactive', 'The project is already inactive');
      const actor = await adminActor(request);
      const after = await deactivateProject(app.db, { projectId: project.id, note: request.body.reason, now: app.now(), actor });
      if (!after) throw conflict('project_already_inactive', 'The project is already inactive');
      return toAdminProject(after);
    },
  );

  app.get(
    '/admin/projects/:id/invoices',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, response: { 200: invoiceListSchema } } },
    async (request) => {
      const project = await projectOr404(request.params.id);
      return { invoices: (await listInvoices(app.db, project.id)).map(toInvoice) };
    },
  );

  app.get(
    '/admin/projects/:id/audit',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, response: { 200: auditListSchema } } },
    async (request) => {
      const project = await projectOr404(request.params.id);
      return { entries: (await listAudit(app.db, project.id, AUDIT_LIMIT)).map(toAuditEntry) };
    },
  );

  app.get(
    '/admin/invoices/:id',
    { config: { access: 'platformAdmin' }, schema: { params: idParams, response: { 200: invoiceDocumentSchema } } },
    async (request) => {
      const invoice = isUuid(request.params.id) ? await findAnyInvoice(app.db, request.params.id) : undefined;
      if (!invoice) throw notFound('invoice_not_found', 'Invoice not found');
      return toDocument(invoice);
    },
  );

  app.get('/invoices', { config: { access: 'manager' }, schema: { response: { 200: invoiceListSchema } } }, async (request) => {
    return { invoices: (await listInvoices(app.db, userOf(request).projectId)).map(toInvoice) };
  });

  app.get(
    '/invoices/:id',
    { config: { access: 'manager' }, schema: { params: idParams, response: { 200: invoiceDocumentSchema } } },
    async (request) => {
      // Another project's invoice answers as if it did not exist.
      const invoice = isUuid(request.params.id) ? await findInvoice(app.db, request.params.id, userOf(request).projectId) : undefined;
      if (!invoice) throw notFound('invoice_not_found', 'Invoice not found');
      return toDocument(invoice);
    },
  );
}
