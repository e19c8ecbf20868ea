import { QueryClient } from '@tanstack/react-query';
import { apiGet } from './api.ts';

/** Spec §9: fresh 15 min, cache discarded after 30 min, queries retry once, mutations never, no focus refetch. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15 * 60_000,
        gcTime: 30 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
        // The default loader: GET the path formed by the key's string segments.
        queryFn: ({ queryKey, signal }) => apiGet(queryKey.filter((k) => typeof k === 'string').join('/'), { signal }),
      },
      mutations: { retry: false },
    },
  });
}
