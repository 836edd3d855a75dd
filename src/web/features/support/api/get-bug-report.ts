import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BugReport } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';
import { BUG_REPORTS_QUERY_KEY } from './get-bug-reports';

export async function getBugReport(id: string): Promise<BugReport> {
  const res = await apiRequest('GET', `/api/bug-reports/${encodeURIComponent(id)}`);
  return (await res.json()) as BugReport;
}

export const bugReportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...BUG_REPORTS_QUERY_KEY, 'detail', id],
    queryFn: () => getBugReport(id),
  });

/** One report, fresh from the server; `shown` (the list's row) fills the view until it answers. */
export function useBugReport(id: string | undefined, shown?: BugReport) {
  return useQuery({
    ...bugReportQueryOptions(id ?? ''),
    enabled: Boolean(id),
    placeholderData: shown,
  });
}
