import type { Query, QueryClient } from '@tanstack/react-query';
import type { Claim } from '@shared/claims';

import { ApiError } from '../../../lib/api-client';
import { CLAIMS_QUERY_KEY, claimQueryKey } from './get-claim';

/** The claim's own entry and its notes: the answer that is being stored already holds what they show. */
function isUnaffected(query: Query, id: string) {
  const [, claimId, part] = query.queryKey;
  return claimId === id && (part === undefined || part === 'notes' || part === 'mentionable');
}

/**
 * Puts a claim the server answered with (after an edit or a move) in the cache, so the page shows it at once,
 * and marks the rest stale: the lists it appears in, its history, the vehicle's other claims.
 */
export function storeClaim(client: QueryClient, claim: Claim) {
  client.setQueryData(claimQueryKey(claim.id), claim);
  void client.invalidateQueries({
    queryKey: CLAIMS_QUERY_KEY,
    predicate: (query) => !isUnaffected(query, claim.id),
  });
}

/** A 409: the claim changed on the server (a stale version, or a move no longer allowed). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** After a conflict the page must show what the server holds now, and its history. */
export function refetchClaim(client: QueryClient, id: string) {
  return client.invalidateQueries({ queryKey: claimQueryKey(id) });
}
