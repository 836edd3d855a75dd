import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '@shared/constants';
import { bindSessionQueryClient, getQueryFn } from './api-client';

/** A client with the spec's defaults (§9): fresh for 5 minutes, no retries, no polling, refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_TIME_MS,
        retry: false,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The app's one client; `apiRequest` reads its cached user to tell an expired session from a bad login. */
export const queryClient = createQueryClient();
bindSessionQueryClient(queryClient);
