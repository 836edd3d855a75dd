import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';

/** Every claim query (lists, one claim, its history, notes…) lives under this key. */
export const CLAIMS_QUERY_KEY = ['/api/vehicles'] as const;

/** One claim; its history, notes and related claims are keyed below it. */
export const claimQueryKey = (id: string) => [...CLAIMS_QUERY_KEY, id] as const;

export async function getClaim(id: string, signal?: AbortSignal): Promise<Claim> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}`, undefined, { signal });
  return (await res.json()) as Claim;
}

export const claimQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimQueryKey(id),
    queryFn: ({ signal }) => getClaim(id, signal),
  });

/** A claim as the signed-in user sees it: `allowedTransitions` and `watching` are theirs. */
export function useClaim(id: string) {
  return useQuery(claimQueryOptions(id));
}
