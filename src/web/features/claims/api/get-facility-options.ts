import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workflow } from '@shared/workflows';
import type { RepairFacility } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';

export type FacilityOption = Pick<RepairFacility, 'id' | 'name' | 'kind' | 'active'>;

/** Active facilities that do this kind of work (the server adds those doing both). */
export async function getFacilityOptions(kind: Workflow, signal?: AbortSignal): Promise<FacilityOption[]> {
  const params = new URLSearchParams({ kind, active: 'true', pageSize: '100' });
  const res = await apiRequest('GET', `/api/repair-facilities?${params.toString()}`, undefined, { signal });
  return ((await res.json()) as { items: RepairFacility[] }).items;
}

export const facilityOptionsQueryOptions = (kind: Workflow) =>
  queryOptions({
    queryKey: ['/api/repair-facilities', 'options', kind],
    queryFn: ({ signal }) => getFacilityOptions(kind, signal),
  });

/** The repair facilities a claim of this workflow can go to; fetched while `enabled`. */
export function useFacilityOptions(kind: Workflow, { enabled = true } = {}) {
  return useQuery({ ...facilityOptionsQueryOptions(kind), enabled });
}
