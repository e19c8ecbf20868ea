import { useQuery } from '@tanstack/react-query';
import type { AuditEntry, Invoice, InvoiceDocument } from '#contract/billing.ts';
import { apiGet } from '#web/lib/api.ts';

/** GET /api/invoices/:id — one of the signed-in project's invoices, with the seller (404 invoice_not_found). */
export const useInvoiceDocument = (id: string) =>
  useQuery({
    queryKey: ['/api/invoices', id],
    queryFn: ({ signal }) => apiGet<InvoiceDocument>(`/api/invoices/${encodeURIComponent(id)}`, { signal }),
  });

/** GET /api/admin/invoices/:id — any project's invoice, for the platform admin. */
export const useAdminInvoiceDocument = (id: string) =>
  useQuery({
    queryKey: ['/api/admin/invoices', id],
    queryFn: ({ signal }) => apiGet<InvoiceDocument>(`/api/admin/invoices/${encodeURIComponent(id)}`, { signal, quiet401: true }),
  });

/** GET /api/admin/projects/:projectId/invoices */
export const useAdminProjectInvoices = (projectId: string) =>
  useQuery({
    queryKey: ['/api/admin/projects', projectId, 'invoices'],
    queryFn: ({ signal }) =>
      apiGet<{ invoices: Invoice[] }>(`/api/admin/projects/${encodeURIComponent(projectId)}/invoices`, { signal, quiet401: true }).then(
        (r) => r.invoices,
      ),
  });

/** GET /api/admin/projects/:projectId/audit */
export const useAdminProjectAudit = (projectId: string) =>
  useQuery({
    queryKey: ['/api/admin/projects', projectId, 'audit'],
    queryFn: ({ signal }) =>
      apiGet<{ entries: AuditEntry[] }>(`/api/admin/projects/${encodeURIComponent(projectId)}/audit`, { signal, quiet401: true }).then(
        (r) => r.entries,
      ),
  });
