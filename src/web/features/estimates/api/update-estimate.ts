import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate, EstimateInput } from '@shared/estimates';

import { apiRequest } from '../../../lib/api-client';
import { claimEstimatesQueryKey } from './get-claim-estimates';

export type UpdateEstimateInput = {
  claimId: string;
  id: string;
  estimate: EstimateInput & { version: number };
};

export async function updateEstimate({ id, estimate }: UpdateEstimateInput): Promise<Estimate> {
  const res = await apiRequest('PATCH', `/api/estimates/${encodeURIComponent(id)}`, estimate);
  return (await res.json()) as Estimate;
}

/**
 * Replaces an estimate awaiting review. Success or a 409 (someone else saved or decided it first) fetches
 * the claim's estimates again.
 */
export function useUpdateEstimateMutation() {
  const client = useQueryClient();
  return useMutation<Estimate, Error, UpdateEstimateInput>({
    mutationFn: updateEstimate,
    onSettled: (_estimate, _error, { claimId }) =>
      client.invalidateQueries({ queryKey: claimEstimatesQueryKey(claimId) }),
  });
}
