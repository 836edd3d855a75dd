import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, TransitionRequest, UndoMoveRequest } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { isConflict, refetchClaim, storeClaim } from './claim-cache';

export type TransitionClaimInput = { id: string } & TransitionRequest;

export async function transitionClaim({ id, ...move }: TransitionClaimInput): Promise<Claim> {
  const res = await apiRequest('POST', `/api/vehicles/${encodeURIComponent(id)}/transitions`, move);
  return (await res.json()) as Claim;
}

/** Takes back the caller's own last move of the claim (`version`: what that move answered with). */
export async function undoClaimMove({ id, ...request }: { id: string } & UndoMoveRequest): Promise<Claim> {
  const res = await apiRequest('POST', `/api/vehicles/${encodeURIComponent(id)}/transitions/undo`, request);
  return (await res.json()) as Claim;
}

/**
 * Moves a claim to another status. The history and lists go stale with it; a 409 (the claim moved or changed
 * meanwhile) fetches the claim again, so the moves offered are the ones now allowed.
 */
export function useTransitionClaimMutation() {
  const client = useQueryClient();
  return useMutation<Claim, Error, TransitionClaimInput>({
    mutationFn: transitionClaim,
    onSuccess: (claim) => storeClaim(client, claim),
    onError: (error, { id }) => {
      if (isConflict(error)) void refetchClaim(client, id);
    },
  });
}
