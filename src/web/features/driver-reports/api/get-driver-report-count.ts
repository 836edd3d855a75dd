import { useQuery } from '@tanstack/react-query';

import { DRIVER_REPORTS_QUERY_KEY } from './query-keys';

/** How often the sidebar asks how many reports wait for triage, while the tab is in front. */
export const DRIVER_REPORT_COUNT_POLL_MS = 60_000;

/** The default loader's URL rule gives `GET /api/driver-reports/count`. */
export const DRIVER_REPORT_COUNT_QUERY_KEY = [...DRIVER_REPORTS_QUERY_KEY, 'count'] as const;

/**
 * The reports that wait for triage (issue 32), for the sidebar's badge: only for who may triage them (the server
 * refuses the others), asked again every minute and whenever the window comes back to the front. A triage action
 * marks it stale with the lists (same key).
 */
export function useDriverReportCount({ enabled }: { enabled: boolean }) {
  return useQuery<{ new: number }>({
    queryKey: DRIVER_REPORT_COUNT_QUERY_KEY,
    enabled,
    refetchInterval: DRIVER_REPORT_COUNT_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}
