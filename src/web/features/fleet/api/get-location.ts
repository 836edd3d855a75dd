import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { LOCATIONS_QUERY_KEY } from './get-locations';

export async function getLocation(id: string): Promise<Location> {
  const res = await apiRequest('GET', `/api/locations/${encodeURIComponent(id)}`);
  return (await res.json()) as Location;
}

export const locationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...LOCATIONS_QUERY_KEY, 'detail', id],
    queryFn: () => getLocation(id),
  });

/** One location, fresh from the server; `shown` (the list's row) fills the view until it answers. */
export function useLocation(id: string | undefined, shown?: Location) {
  return useQuery({ ...locationQueryOptions(id ?? ''), enabled: Boolean(id), placeholderData: shown });
}
