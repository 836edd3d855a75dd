import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BugReport } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';
import { supportListSearchParams, type Paged, type SupportListFilter } from './list-filter';

export type BugStatus = BugReport['status'];
export type BugReportsFilter = SupportListFilter<BugStatus>;
export type BugReportList = Paged<BugReport>;

/** Every bug report query (lists and details) lives under this key, so one change refreshes them all. */
export const BUG_REPORTS_QUERY_KEY = ['/api/bug-reports'] as const;

export async function getBugReports(filter: BugReportsFilter): Promise<BugReportList> {
  const res = await apiRequest('GET', `/api/bug-reports?${supportListSearchParams(filter).toString()}`);
  return (await res.json()) as BugReportList;
}

export const bugReportsQueryOptions = (filter: BugReportsFilter) =>
  queryOptions({
    queryKey: [...BUG_REPORTS_QUERY_KEY, 'list', filter],
    queryFn: () => getBugReports(filter),
    // The current page stays on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useBugReports(filter: BugReportsFilter) {
  return useQuery(bugReportsQueryOptions(filter));
}
