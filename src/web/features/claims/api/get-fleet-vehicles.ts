import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';

/** `GET /api/fleet-vehicles`: up to 20 vehicles (the assets) whose unit number, VIN, plate, make or model match. */
export async function getFleetVehicles(search: string, signal?: AbortSignal): Promise<Vehicle[]> {
  const params = new URLSearchParams({ search });
  const res = await apiRequest('GET', `/api/fleet-vehicles?${params.toString()}`, undefined, { signal });
  return (await res.json()) as Vehicle[];
}

export const fleetVehiclesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['/api/fleet-vehicles', 'search', search],
    queryFn: ({ signal }) => getFleetVehicles(search, signal),
    // The previous matches stay while the next ones load, so the list does not flicker as the user types.
    placeholderData: keepPreviousData,
  });

/** Vehicles to open a claim on; asked for only once something is typed. */
export function useFleetVehicles(search: string) {
  return useQuery({ ...fleetVehiclesQueryOptions(search), enabled: search.length > 0 });
}

/**
 * Whether the user's fleet has no vehicle yet (an empty search answers any vehicle in scope): Add Claim then
 * starts on "New vehicle". False while unknown.
 */
export function useFleetIsEmpty(): boolean {
  const query = useQuery({ ...fleetVehiclesQueryOptions(''), select: (vehicles) => vehicles.length === 0 });
  return query.data === true;
}
