import { useQuery } from '@tanstack/react-query';
import type { AdminProject } from '#contract/billing.ts';
import { apiGet } from '../api.ts';

/**
 * GET /api/admin/hotels — every project, for the platform admin's screens (the projects table and a
 * project's billing page). A 401 is the admin frame's to handle, not the project frame's.
 */
export const adminProjectsKey = ['/api/admin/hotels'] as const;
export const useAdminProjects = () =>
  useQuery({
    queryKey: adminProjectsKey,
    queryFn: ({ signal }) => apiGet<AdminProject[]>('/api/admin/hotels', { signal, quiet401: true }),
  });
