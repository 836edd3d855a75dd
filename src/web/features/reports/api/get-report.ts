import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportFilter, Report, ReportLink } from '@shared/reports';
import { claimFilterSearch } from '@shared/claim-filter';

import { listSearchParams } from '../../../components/data-list';
import { apiRequest } from '../../../lib/api-client';
import { CLAIMS_QUERY_KEY } from '../../claims';

/** Under the claims key: a new, edited or moved claim marks the report stale too. */
export const REPORTS_QUERY_KEY = [...CLAIMS_QUERY_KEY, 'reports'] as const;

/** The query string of a report's filters (empty ones left out, statuses repeated). */
export function reportSearch(filter: Partial<ReportFilter>): string {
  return listSearchParams(filter as Record<string, unknown>).toString();
}

export async function getReport(filter: Partial<ReportFilter>, signal?: AbortSignal): Promise<Report> {
  const res = await apiRequest('GET', `/api/reports?${reportSearch(filter)}`, undefined, { signal });
  return (await res.json()) as Report;
}

/** The whole report for the filters; the previous answer stays on screen while a new filter loads. */
export function useReport(filter: Partial<ReportFilter>, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...REPORTS_QUERY_KEY, filter],
      queryFn: ({ signal }) => getReport(filter, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

/** All Claims, filtered to exactly the claims a figure counts. */
export function reportClaimsHref(filter: ReportLink): string {
  const search = claimFilterSearch(filter as Record<string, string | readonly string[] | undefined>);
  return search ? `/vehicles?${search}` : '/vehicles';
}
