import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location, LocationValues } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { LOCATIONS_QUERY_KEY } from './get-locations';

export async function createLocation(body: LocationValues, idempotencyKey?: string): Promise<Location> {
  const res = await apiRequest('POST', '/api/locations', body, { idempotencyKey });
  return (await res.json()) as Location;
}

/** `POST /api/locations` (admins); the caller words the toasts and puts field errors on its form. */
export function useCreateLocationMutation() {
  const client = useQueryClient();
  return useMutation<Location, Error, LocationValues>({
    mutationFn: useSubmissionKey(createLocation),
    onSuccess: () => client.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
  });
}
