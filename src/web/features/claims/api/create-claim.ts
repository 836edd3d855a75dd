import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, CreateClaimInput } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { claimQueryKey, CLAIMS_QUERY_KEY } from './get-claim';

/** `POST /api/vehicles`: a claim on an existing vehicle (`vehicleId`) or on a new one (`vehicle`). */
export async function createClaim(body: CreateClaimInput, idempotencyKey?: string): Promise<Claim> {
  const res = await apiRequest('POST', '/api/vehicles', body, { idempotencyKey });
  return (await res.json()) as Claim;
}

/**
 * Opens a claim. The answer is the whole claim, so its page shows at once; every list goes stale. Toasts and
 * field errors are the form's business: a 400 or 409 belongs under its fields.
 */
export function useCreateClaimMutation() {
  const client = useQueryClient();
  return useMutation<Claim, Error, CreateClaimInput>({
    mutationFn: useSubmissionKey(createClaim),
    onSuccess: (claim) => {
      client.setQueryData(claimQueryKey(claim.id), claim);
      void client.invalidateQueries({
        queryKey: CLAIMS_QUERY_KEY,
        predicate: (query) => query.queryKey[1] !== claim.id,
      });
      // The vehicle search and the VIN check now know the new vehicle and its open claim.
      void client.invalidateQueries({ queryKey: ['/api/fleet-vehicles'] });
    },
  });
}
