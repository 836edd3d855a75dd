import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location, LocationValues } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { LOCATIONS_QUERY_KEY } from './get-locations';

export type UpdateLocationInput = { id: string; changes: Partial<LocationValues> };

export async function updateLocation({ id, changes }: UpdateLocationInput): Promise<Location> {
  const res = await apiRequest('PATCH', `/api/locations/${encodeURIComponent(id)}`, changes);
  return (await res.json()) as Location;
}

/** Edits, deactivations and reactivations; each caller words its own toasts. */
export function useUpdateLocationMutation() {
  const client = useQueryClient();
  return useMutation<Location, Error, UpdateLocationInput>({
    mutationFn: updateLocation,
    onSuccess: () => client.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
  });
}
