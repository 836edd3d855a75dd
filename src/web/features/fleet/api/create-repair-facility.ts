import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepairFacility, RepairFacilityValues } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { REPAIR_FACILITIES_QUERY_KEY } from './get-repair-facilities';

export async function createRepairFacility(
  body: RepairFacilityValues,
  idempotencyKey?: string,
): Promise<RepairFacility> {
  const res = await apiRequest('POST', '/api/repair-facilities', body, { idempotencyKey });
  return (await res.json()) as RepairFacility;
}

/** `POST /api/repair-facilities` (admins); the caller words the toasts and puts field errors on its form. */
export function useCreateRepairFacilityMutation() {
  const client = useQueryClient();
  return useMutation<RepairFacility, Error, RepairFacilityValues>({
    mutationFn: useSubmissionKey(createRepairFacility),
    onSuccess: () => client.invalidateQueries({ queryKey: REPAIR_FACILITIES_QUERY_KEY }),
  });
}
