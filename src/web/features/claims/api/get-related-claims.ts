import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimListItem } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from './get-claim';

export async function getRelatedClaims(id: string, signal?: AbortSignal): Promise<ClaimListItem[]> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/related`, undefined, {
    signal,
  });
  return (await res.json()) as ClaimListItem[];
}

export const relatedClaimsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...claimQueryKey(id), 'related'],
    queryFn: ({ signal }) => getRelatedClaims(id, signal),
  });

/** The other claims of the same vehicle (its repair history). */
export function useRelatedClaims(id: string) {
  return useQuery(relatedClaimsQueryOptions(id));
}
