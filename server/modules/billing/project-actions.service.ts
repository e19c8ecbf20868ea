/**
 * The platform admin's actions on one project and the invoice reads behind the billing routes
 * (docs/product.md "Platform admin screens", "Tax invoice"). Each action is checked here and written
 * with its audit entry by billing.queries.ts; the routes only map the rows to the contract.
 */
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { billingToday } from '../../lib/calendar.ts';
import type { Actor } from '../audit/audit.queries.ts';
import { findProject } from '../projects/projects.queries.ts';
import {
  deactivateProject,
  findAnyInvoice,
  findInvoice,
  listAudit,
  listInvoices,
  platformAdminName,
  reactivateProject,
  setProjectPrice,
  type InvoiceRow,
} from './billing.queries.ts';
import { nextBillingDate } from './periods.ts';

/** The audit entries one answer carries at most (newest first). */
const AUDIT_LIMIT = 500;

/** The signed-in platform admin, as the audit log names them. */
export async function platformAdminActor(app: FastifyInstance, platformAdminId: string): Promise<Actor> {
  return { type: 'platform-admin', id: platformAdminId, name: await platformAdminName(app.db, platformAdminId) };
}

async function projectOr404(app: FastifyInstance, id: string) {
  const project = isUuid(id) ? await findProject(app.db, id) : undefined;
  if (!project) throw notFound('project_not_found', 'Project not found');
  return project;
}

/** Makes an inactive project active; the months while it was inactive are never invoiced: billing resumes on the next billing date. */
export async function reactivate(app: FastifyInstance, id: string, actor: Actor) {
  const project = await projectOr404(app, id);
  if (project.status !== 'inactive') throw conflict('account_already_active', 'The account is already active');
  const resumesOn = nextBillingDate(project.billingAnchor, billingToday(app.now()));
  const after = await reactivateProject(app.db, { projectId: project.id, resumesOn, now: app.now(), actor });
  if (!after) throw conflict('account_already_active', 'The account is already active');
  return after;
}

/** Sets a project's monthly price before VAT (shekels, kept in agorot). */
export async function changePrice(app: FastifyInstance, id: string, monthlyPrice: number, actor: Actor) {
  const project = await projectOr404(app, id);
  const priceAgorot = Math.round(monthlyPrice * 100);
  const after = await setProjectPrice(app.db, { projectId: project.id, priceAgorot, now: app.now(), actor });
  if (!after) throw notFound('project_not_found', 'Project not found');
  return after;
}

/** Deactivates a project with the platform admin's reason. */
export async function deactivate(app: FastifyInstance, id: string, reason: string, actor: Actor) {
  const project = await projectOr404(app, id);
  if (project.status === 'inactive') throw conflict('project_already_inactive', 'The project is already inactive');
  const after = await deactivateProject(app.db, { projectId: project.id, note: reason, now: app.now(), actor });
  if (!after) throw conflict('project_already_inactive', 'The project is already inactive');
  return after;
}

export const projectInvoices = async (app: FastifyInstance, id: string) => listInvoices(app.db, (await projectOr404(app, id)).id);

export const projectAudit = async (app: FastifyInstance, id: string) => listAudit(app.db, (await projectOr404(app, id)).id, AUDIT_LIMIT);

/** Any project's invoice (the platform admin); 404 when there is none. */
export async function anyInvoice(app: FastifyInstance, id: string): Promise<InvoiceRow> {
  const invoice = isUuid(id) ? await findAnyInvoice(app.db, id) : undefined;
  if (!invoice) throw notFound('invoice_not_found', 'Invoice not found');
  return invoice;
}

export const ownInvoices = (app: FastifyInstance, projectId: string) => listInvoices(app.db, projectId);

/** One of the project's own invoices; another project's answers as if it did not exist. */
export async function ownInvoice(app: FastifyInstance, id: string, projectId: string): Promise<InvoiceRow> {
  const invoice = isUuid(id) ? await findInvoice(app.db, id, projectId) : undefined;
  if (!invoice) throw notFound('invoice_not_found', 'Invoice not found');
  return invoice;
}
