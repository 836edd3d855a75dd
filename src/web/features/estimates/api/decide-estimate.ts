import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate, EstimateDecision } from '@shared/estimates';

import { apiRequest } from '../../../lib/api-client';
import { claimChanged } from '../../claims';

export type DecideEstimateInput = { claimId: string; id: string; decision: EstimateDecision };

export async function decideEstimate({ id, decision }: DecideEstimateInput): Promise<Estimate> {
  const res = await apiRequest('POST', `/api/estimates/${encodeURIComponent(id)}/decision`, decision);
  return (await res.json()) as Estimate;
}

/** Approves or rejects an estimate; approving can change the claim's estimate amount, so the claim reloads. */
export function useDecideEstimateMutation() {
  const client = useQueryClient();
  return useMutation<Estimate, Error, DecideEstimateInput>({
    mutationFn: decideEstimate,
    onSettled: (_estimate, _error, { claimId }) => claimChanged(client, claimId),
  });
}
