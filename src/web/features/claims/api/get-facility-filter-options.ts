import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepairFacility } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import type { FacilityOption } from './get-facility-options';

/**
 * Every repair facility, inactive ones included: a list filter must still find the claims of a facility
 * that no longer takes new work (the Add Claim form offers active ones only).
 */
export async function getFacilityFilterOptions(signal?: AbortSignal): Promise<FacilityOption[]> {
  const res = await apiRequest('GET', '/api/repair-facilities?pageSize=100', undefined, { signal });
  return ((await res.json()) as { items: RepairFacility[] }).items.map(({ id, name, kind, active }) => ({
    id,
    name,
    kind,
    active,
  }));
}

export const facilityFilterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/repair-facilities', 'filter-options'],
    queryFn: ({ signal }) => getFacilityFilterOptions(signal),
  });

export function useFacilityFilterOptions() {
  return useQuery(facilityFilterOptionsQueryOptions());
}
