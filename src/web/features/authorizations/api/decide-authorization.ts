import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Authorization, AuthorizationDecision } from '@shared/authorizations';

import { apiRequest } from '../../../lib/api-client';
import { claimChanged } from '../../claims';

export type DecideAuthorizationInput = { claimId: string; id: string; decision: AuthorizationDecision };

export async function decideAuthorization({
  id,
  decision,
}: DecideAuthorizationInput): Promise<Authorization> {
  const res = await apiRequest('POST', `/api/authorizations/${encodeURIComponent(id)}/decision`, decision);
  return (await res.json()) as Authorization;
}

/**
 * Approves all, some lines or none of a request. The claim moves with it; after a success or a 409
 * (someone decided first, or the claim moved) the claim, its history and its requests reload.
 */
export function useDecideAuthorizationMutation() {
  const client = useQueryClient();
  return useMutation<Authorization, Error, DecideAuthorizationInput>({
    mutationFn: decideAuthorization,
    onSettled: (_authorization, _error, { claimId }) => claimChanged(client, claimId),
  });
}
