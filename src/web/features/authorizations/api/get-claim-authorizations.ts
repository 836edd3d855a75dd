import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimAuthorizations } from '@shared/authorizations';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from '../../claims';

export async function getClaimAuthorizations(id: string, signal?: AbortSignal): Promise<ClaimAuthorizations> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/authorizations`, undefined, {
    signal,
  });
  return (await res.json()) as ClaimAuthorizations;
}

export const claimAuthorizationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...claimQueryKey(id), 'authorizations'],
    queryFn: ({ signal }) => getClaimAuthorizations(id, signal),
  });

/** The claim's authorization requests (newest first) and its company's auto-approval limit. */
export function useClaimAuthorizations(id: string) {
  return useQuery(claimAuthorizationsQueryOptions(id));
}
