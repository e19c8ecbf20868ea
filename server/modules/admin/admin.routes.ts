import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customersExportQuery } from '#contract/admin-filters.ts';
import { adminProjectSchema, adminUserSchema, customerBillingSchema } from '#contract/billing.ts';
import { sendExport } from '../../lib/export-file.ts';
import { exportCustomersBilling, listAdminProjects, listAdminUsers, listCustomersBilling } from './admin.service.ts';

/**
 * The platform admin's lists (docs/product.md "Platform admin"). Only a platform-admin session may
 * call them; `GET /admin/users` is also the screens' "am I a platform admin" check.
 */
export async function adminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'platformAdmin' } as const;

  app.get('/admin/users', { config: access, schema: { response: { 200: z.array(adminUserSchema) } } }, async () => listAdminUsers(app));

  app.get('/admin/hotels', { config: access, schema: { response: { 200: z.array(adminProjectSchema) } } }, async () =>
    listAdminProjects(app),
  );

  app.get('/admin/customers-billing', { config: access, schema: { response: { 200: z.array(customerBillingSchema) } } }, async () =>
    listCustomersBilling(app),
  );

  // One billing export at a time across the platform (docs/decisions/034-no-tenant-stalls.md).
  app.get(
    '/admin/customers-billing/export',
    { config: { ...access, heavy: 'export' }, schema: { querystring: customersExportQuery } },
    async (request, reply) => sendExport(app, reply, 'export:customers-billing', () => exportCustomersBilling(app, request.query)),
  );
}
