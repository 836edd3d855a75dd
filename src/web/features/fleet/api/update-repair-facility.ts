import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepairFacility, RepairFacilityValues } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { REPAIR_FACILITIES_QUERY_KEY } from './get-repair-facilities';

export type UpdateRepairFacilityInput = { id: string; changes: Partial<RepairFacilityValues> };

export async function updateRepairFacility({
  id,
  changes,
}: UpdateRepairFacilityInput): Promise<RepairFacility> {
  const res = await apiRequest('PATCH', `/api/repair-facilities/${encodeURIComponent(id)}`, changes);
  return (await res.json()) as RepairFacility;
}

/** Edits, deactivations and reactivations; each caller words its own toasts. */
export function useUpdateRepairFacilityMutation() {
  const client = useQueryClient();
  return useMutation<RepairFacility, Error, UpdateRepairFacilityInput>({
    mutationFn: updateRepairFacility,
    onSuccess: () => client.invalidateQueries({ queryKey: REPAIR_FACILITIES_QUERY_KEY }),
  });
}
