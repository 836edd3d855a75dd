import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';

export type LocationOption = Pick<Location, 'id' | 'name' | 'code' | 'active'>;

export async function getLocationOptions(companyId: string, signal?: AbortSignal): Promise<LocationOption[]> {
  const params = new URLSearchParams({ companyId, pageSize: '100' });
  const res = await apiRequest('GET', `/api/locations?${params.toString()}`, undefined, { signal });
  return ((await res.json()) as { items: Location[] }).items;
}

export const locationOptionsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['/api/locations', 'options', companyId],
    queryFn: ({ signal }) => getLocationOptions(companyId, signal),
  });

/** The company's locations, to choose where a claim's vehicle is based; fetched while `enabled`. */
export function useLocationOptions(companyId: string, { enabled = true } = {}) {
  return useQuery({ ...locationOptionsQueryOptions(companyId), enabled });
}
