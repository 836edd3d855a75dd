import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, UpdateClaimValues } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { isConflict, refetchClaim, storeClaim } from './claim-cache';

export type UpdateClaimInput = { id: string; changes: UpdateClaimValues };

export async function updateClaim({ id, changes }: UpdateClaimInput): Promise<Claim> {
  const res = await apiRequest('PATCH', `/api/vehicles/${encodeURIComponent(id)}`, changes);
  return (await res.json()) as Claim;
}

/**
 * Saves changed claim fields with the version they were read at. A 409 means someone else saved first: the
 * claim is fetched again so the caller can show what changed; callers word their own messages.
 */
export function useUpdateClaimMutation() {
  const client = useQueryClient();
  return useMutation<Claim, Error, UpdateClaimInput>({
    mutationFn: updateClaim,
    onSuccess: (claim) => storeClaim(client, claim),
    onError: (error, { id }) => {
      if (isConflict(error)) void refetchClaim(client, id);
    },
  });
}
