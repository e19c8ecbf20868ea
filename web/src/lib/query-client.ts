import { QueryClient } from '@tanstack/react-query';

/** docs/product.md "Data freshness": fresh 15 min, cache discarded after 30 min, queries retry once, mutations never, no focus refetch. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15 * 60_000,
        gcTime: 30 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
