import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RepairFacility } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { fleetListSearchParams, type FleetListFilter } from './list-filter';

export type RepairFacilityList = { items: RepairFacility[]; total: number; page: number; pageSize: number };
export type RepairFacilitiesFilter = Omit<FleetListFilter, 'companyId'>;

/** Every cached page and detail of repair facilities lives under this key. */
export const REPAIR_FACILITIES_QUERY_KEY = ['/api/repair-facilities'] as const;

export async function getRepairFacilities(filter: RepairFacilitiesFilter): Promise<RepairFacilityList> {
  const res = await apiRequest('GET', `/api/repair-facilities?${fleetListSearchParams(filter).toString()}`);
  return (await res.json()) as RepairFacilityList;
}

export const repairFacilitiesQueryOptions = (filter: RepairFacilitiesFilter) =>
  queryOptions({
    queryKey: [...REPAIR_FACILITIES_QUERY_KEY, filter],
    queryFn: () => getRepairFacilities(filter),
    placeholderData: keepPreviousData,
  });

export function useRepairFacilities(filter: RepairFacilitiesFilter) {
  return useQuery(repairFacilitiesQueryOptions(filter));
}
