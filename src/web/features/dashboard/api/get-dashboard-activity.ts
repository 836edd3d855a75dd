import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardActivity } from '@shared/dashboard';

import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_QUERY_KEY } from './get-dashboard-summary';

export async function getDashboardActivity(signal?: AbortSignal): Promise<DashboardActivity> {
  const res = await apiRequest('GET', '/api/dashboard/activity', undefined, { signal });
  return (await res.json()) as DashboardActivity;
}

export const dashboardActivityQueryOptions = () =>
  queryOptions({
    queryKey: [...DASHBOARD_QUERY_KEY, 'activity'],
    queryFn: ({ signal }) => getDashboardActivity(signal),
    refetchOnMount: 'always',
  });

/** The latest status changes in the user's companies, newest first. */
export function useDashboardActivity() {
  return useQuery(dashboardActivityQueryOptions());
}
