import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Claim } from '@shared/claims';

import { ApiError } from '../../../lib/api-client';
import { CLAIMS_QUERY_KEY, claimQueryKey } from './get-claim';

/** The claim's own entry and its notes: the answer that is being stored already holds what they show. */
function isUnaffected(query: Query, id: string) {
  const [, claimId, part] = query.queryKey;
  return (
    claimId === id &&
    (part === undefined || part === 'notes' || part === 'mentionable' || part === 'attachments')
  );
}

/**
 * Puts a claim the server answered with (after an edit or a move) in the cache, so the page shows it at once,
 * and marks the rest stale: the lists it appears in, its history, the vehicle's other claims. `keep` is a
 * query the caller has already brought up to date (the board a card was moved on).
 */
export function storeClaim(client: QueryClient, claim: Claim, { keep }: { keep?: QueryKey } = {}) {
  client.setQueryData(claimQueryKey(claim.id), claim);
  const kept = keep && hashKey(keep);
  void client.invalidateQueries({
    queryKey: CLAIMS_QUERY_KEY,
    predicate: (query) => !isUnaffected(query, claim.id) && query.queryHash !== kept,
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

/**
 * Something that changes the claim itself happened elsewhere (an estimate approved, an authorization
 * requested or decided): the claim, its history, estimates, authorizations and the lists are fetched again.
 */
export function claimChanged(client: QueryClient, id: string) {
  return client.invalidateQueries({
    queryKey: CLAIMS_QUERY_KEY,
    predicate: (query) => {
      const [, claimId, part] = query.queryKey;
      return !(claimId === id && (part === 'notes' || part === 'mentionable'));
    },
  });
}
