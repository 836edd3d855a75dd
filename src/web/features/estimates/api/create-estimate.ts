import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate, EstimateInput } from '@shared/estimates';

import { apiRequest } from '../../../lib/api-client';
import { claimEstimatesQueryKey } from './get-claim-estimates';

export type CreateEstimateInput = { claimId: string; estimate: EstimateInput };

export async function createEstimate({ claimId, estimate }: CreateEstimateInput): Promise<Estimate> {
  const res = await apiRequest('POST', `/api/vehicles/${encodeURIComponent(claimId)}/estimates`, estimate);
  return (await res.json()) as Estimate;
}

/** Adds the original estimate or the next supplement; the server numbers it and computes its totals. */
export function useCreateEstimateMutation() {
  const client = useQueryClient();
  return useMutation<Estimate, Error, CreateEstimateInput>({
    mutationFn: createEstimate,
    onSuccess: (_estimate, { claimId }) =>
      client.invalidateQueries({ queryKey: claimEstimatesQueryKey(claimId) }),
  });
}
