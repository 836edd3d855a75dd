import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { fleetListSearchParams, type FleetListFilter } from './list-filter';

export type LocationList = { items: Location[]; total: number; page: number; pageSize: number };
export type LocationsFilter = Omit<FleetListFilter, 'kind'>;

/** Every cached page and detail of locations lives under this key. */
export const LOCATIONS_QUERY_KEY = ['/api/locations'] as const;

export async function getLocations(filter: LocationsFilter): Promise<LocationList> {
  const res = await apiRequest('GET', `/api/locations?${fleetListSearchParams(filter).toString()}`);
  return (await res.json()) as LocationList;
}

export const locationsQueryOptions = (filter: LocationsFilter) =>
  queryOptions({
    queryKey: [...LOCATIONS_QUERY_KEY, filter],
    queryFn: () => getLocations(filter),
    placeholderData: keepPreviousData,
  });

export function useLocations(filter: LocationsFilter) {
  return useQuery(locationsQueryOptions(filter));
}
