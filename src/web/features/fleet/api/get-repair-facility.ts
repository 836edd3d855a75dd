import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepairFacility } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { REPAIR_FACILITIES_QUERY_KEY } from './get-repair-facilities';

export async function getRepairFacility(id: string): Promise<RepairFacility> {
  const res = await apiRequest('GET', `/api/repair-facilities/${encodeURIComponent(id)}`);
  return (await res.json()) as RepairFacility;
}

export const repairFacilityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...REPAIR_FACILITIES_QUERY_KEY, 'detail', id],
    queryFn: () => getRepairFacility(id),
  });

/** One facility, fresh from the server; `shown` (the list's row) fills the view until it answers. */
export function useRepairFacility(id: string | undefined, shown?: RepairFacility) {
  return useQuery({ ...repairFacilityQueryOptions(id ?? ''), enabled: Boolean(id), placeholderData: shown });
}
