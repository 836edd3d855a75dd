import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DriverReportList, listDriverReportsQuerySchema } from '@shared/driver-reports';

import { listSearchParams } from '../../../components/data-list';
import { apiRequest } from '../../../lib/api-client';

import { DRIVER_REPORTS_QUERY_KEY } from './query-keys';

export { DRIVER_REPORTS_QUERY_KEY };

/** Which list (new or handled) and its page, as the address holds them. */
export type DriverReportsFilter = z.output<typeof listDriverReportsQuerySchema>;

/** `GET /api/driver-reports`: the new reports (to triage) or the handled ones, a page at a time. */
export async function getDriverReports(
  filter: DriverReportsFilter,
  signal?: AbortSignal,
): Promise<DriverReportList> {
  const params = listSearchParams(filter);
  const res = await apiRequest('GET', `/api/driver-reports?${params.toString()}`, undefined, { signal });
  return (await res.json()) as DriverReportList;
}

export const driverReportsQueryOptions = (filter: DriverReportsFilter) =>
  queryOptions({
    queryKey: [...DRIVER_REPORTS_QUERY_KEY, 'list', filter],
    queryFn: ({ signal }) => getDriverReports(filter, signal),
    // The current page stays on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useDriverReports(filter: DriverReportsFilter) {
  return useQuery(driverReportsQueryOptions(filter));
}
