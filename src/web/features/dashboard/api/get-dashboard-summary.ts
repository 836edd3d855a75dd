import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimsLinkSearch, type ClaimsLinkFilter, type DashboardSummary } from '@shared/dashboard';

import { apiRequest } from '../../../lib/api-client';
import { CLAIMS_QUERY_KEY } from '../../claims';

/**
 * The dashboard's queries live under the claims key, so an edit or a move made here marks them stale too.
 * They are fetched again whenever the dashboard opens (what was shown stays on screen meanwhile): it is the
 * overview of work that others move all day.
 */
export const DASHBOARD_QUERY_KEY = [...CLAIMS_QUERY_KEY, 'dashboard'] as const;

export async function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  const res = await apiRequest('GET', '/api/dashboard/summary', undefined, { signal });
  return (await res.json()) as DashboardSummary;
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...DASHBOARD_QUERY_KEY, 'summary'],
    queryFn: ({ signal }) => getDashboardSummary(signal),
    refetchOnMount: 'always',
  });

/** The figures of the user's companies, each with the All Claims filter that lists what it counts. */
export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}

/** All Claims, filtered to exactly the claims a figure counts. */
export function claimsListHref(filter: ClaimsLinkFilter): string {
  const search = claimsLinkSearch(filter);
  return search ? `/vehicles?${search}` : '/vehicles';
}
