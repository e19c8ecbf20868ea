import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile, User } from '#contract/auth.ts';
import { ROLES_BY_ACCESS, type Role } from '#contract/constants.ts';
import { ApiError, apiGet } from '../api.ts';

/** The signed-in user, or null when the server says 401 (not signed in). Read by every signed-in screen. */
export const authUserKey = ['/api/auth/user'] as const;
export const authUserQuery = queryOptions({
  queryKey: authUserKey,
  queryFn: async ({ signal }) => {
    try {
      return await apiGet<User>('/api/auth/user', { signal, quiet401: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'unauthorized') return null;
      throw err;
    }
  },
  retry: false,
  staleTime: 5 * 60_000,
});
export const useAuthUser = () => useQuery(authUserQuery);

/** The signed-in user's profile with the project's billing state (the account page, the header). */
export const profileKey = ['/api/user/profile'] as const;
export const profileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: ({ signal }) => apiGet<Profile>('/api/user/profile', { signal }),
});
export const useProfile = (enabled = true) => useQuery({ ...profileQuery, enabled });

/**
 * Whether the signed-in user's role is admitted to a level, as the server decides for a route
 * (docs/product.md "Permissions"): screens hide the controls the server would refuse.
 */
export function roleMayAccess(role: Role | undefined, access: 'member' | 'manager' | 'admin'): boolean {
  return role !== undefined && (ROLES_BY_ACCESS[access] as readonly Role[]).includes(role);
}
/** Whether the signed-in user may change project work (a worker with an account only reads). */
export function useMayManage(): boolean {
  return roleMayAccess(useAuthUser().data?.role, 'manager');
}
