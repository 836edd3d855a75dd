import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusHistoryEntry } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from './get-claim';

export async function getClaimHistory(id: string, signal?: AbortSignal): Promise<StatusHistoryEntry[]> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/history`, undefined, {
    signal,
  });
  return (await res.json()) as StatusHistoryEntry[];
}

export const claimHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...claimQueryKey(id), 'history'],
    queryFn: ({ signal }) => getClaimHistory(id, signal),
  });

/** Every status change of the claim, oldest first, as the server records them. */
export function useClaimHistory(id: string) {
  return useQuery(claimHistoryQueryOptions(id));
}
