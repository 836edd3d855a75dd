import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Authorization, AuthorizationRequestInput } from '@shared/authorizations';

import { apiRequest } from '../../../lib/api-client';
import { claimChanged } from '../../claims';

export type RequestAuthorizationInput = { claimId: string; request: AuthorizationRequestInput };

export async function requestAuthorization({
  claimId,
  request,
}: RequestAuthorizationInput): Promise<Authorization> {
  const res = await apiRequest(
    'POST',
    `/api/vehicles/${encodeURIComponent(claimId)}/authorizations`,
    request,
  );
  return (await res.json()) as Authorization;
}

/** Asks to authorize work; the claim moves (and may be approved at once), so it reloads with its history. */
export function useRequestAuthorizationMutation() {
  const client = useQueryClient();
  return useMutation<Authorization, Error, RequestAuthorizationInput>({
    mutationFn: requestAuthorization,
    onSettled: (_authorization, _error, { claimId }) => claimChanged(client, claimId),
  });
}
