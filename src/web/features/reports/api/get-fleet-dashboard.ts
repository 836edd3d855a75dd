import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FleetDashboard } from '@shared/fleet-dashboard';

import { apiRequest } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from './get-report';

export async function getFleetDashboard(
  companyId: string | undefined,
  signal?: AbortSignal,
): Promise<FleetDashboard> {
  const search = companyId ? `?companyId=${encodeURIComponent(companyId)}` : '';
  const res = await apiRequest('GET', `/api/fleet-dashboard${search}`, undefined, { signal });
  return (await res.json()) as FleetDashboard;
}

/** One company's fleet today; fetched again whenever the screen opens (it is the morning meeting's view). */
export function useFleetDashboard(companyId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...REPORTS_QUERY_KEY, 'fleet-dashboard', companyId ?? null],
      queryFn: ({ signal }) => getFleetDashboard(companyId, signal),
      placeholderData: keepPreviousData,
      refetchOnMount: 'always',
      retry: false,
    }),
  );
}
