import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimEstimates } from '@shared/estimates';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from '../../claims';

export const claimEstimatesQueryKey = (id: string) => [...claimQueryKey(id), 'estimates'] as const;

export async function getClaimEstimates(id: string, signal?: AbortSignal): Promise<ClaimEstimates> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/estimates`, undefined, {
    signal,
  });
  return (await res.json()) as ClaimEstimates;
}

export const claimEstimatesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimEstimatesQueryKey(id),
    queryFn: ({ signal }) => getClaimEstimates(id, signal),
  });

/** The claim's estimates (original first) and its facility's labour rate. */
export function useClaimEstimates(id: string) {
  return useQuery(claimEstimatesQueryOptions(id));
}
