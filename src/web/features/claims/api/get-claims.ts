import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimPage, ListClaimsQuery } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { CLAIMS_QUERY_KEY } from './get-claim';

/** What All Claims asks for: the server's query, with every filter optional and `cursor` for deep pages. */
export type ClaimsFilter = Partial<
  Pick<
    ListClaimsQuery,
    | 'search'
    | 'workflow'
    | 'status'
    | 'open'
    | 'companyId'
    | 'locationId'
    | 'repairFacilityId'
    | 'assigneeId'
    | 'from'
    | 'to'
    | 'overdue'
    | 'down'
    | 'completedFrom'
    | 'completedTo'
    | ReportLinkKey
    | 'cursor'
  >
> &
  Pick<ListClaimsQuery, 'sort' | 'order' | 'page' | 'pageSize'>;

/**
 * Filters the reports' links add (src/shared/claim-filter.ts): a figure's list is exactly the claims it counts.
 * All Claims has no control for them; they show as filters that "Clear filters" removes.
 */
export const REPORT_LINK_KEYS = [
  'reportedFrom',
  'reportedTo',
  'completed',
  'vehicleId',
  'passedStatus',
  'authorization',
  'onTime',
  'comeback',
] as const;
type ReportLinkKey = (typeof REPORT_LINK_KEYS)[number];

export const CLAIMS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_CLAIMS_PAGE_SIZE = 25;
export const DEFAULT_CLAIMS_SORT = { sort: 'updatedAt', order: 'desc' } as const;

/** The filters and sort, as both the list and the CSV export take them (empty ones left out). */
export function claimsFilterParams(filter: ClaimsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.workflow) params.set('workflow', filter.workflow);
  for (const status of filter.status ?? []) params.append('status', status);
  if (filter.open) params.set('open', filter.open);
  if (filter.companyId) params.set('companyId', filter.companyId);
  if (filter.locationId) params.set('locationId', filter.locationId);
  if (filter.repairFacilityId) params.set('repairFacilityId', filter.repairFacilityId);
  if (filter.assigneeId) params.set('assigneeId', filter.assigneeId);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.overdue) params.set('overdue', filter.overdue);
  if (filter.down) params.set('down', filter.down);
  if (filter.completedFrom) params.set('completedFrom', filter.completedFrom);
  if (filter.completedTo) params.set('completedTo', filter.completedTo);
  for (const key of REPORT_LINK_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  params.set('sort', filter.sort);
  params.set('order', filter.order);
  return params;
}

export function claimsSearchParams(filter: ClaimsFilter): URLSearchParams {
  const params = claimsFilterParams(filter);
  // With a cursor the server ignores the page number: the cursor says where the page starts.
  if (filter.cursor) params.set('cursor', filter.cursor);
  else params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize));
  return params;
}

/** `GET /api/vehicles/export.csv` of the same filter and sort, every page: a plain link downloads it. */
export function claimsExportHref(filter: ClaimsFilter): string {
  return `/api/vehicles/export.csv?${claimsFilterParams(filter).toString()}`;
}

export async function getClaims(filter: ClaimsFilter, signal?: AbortSignal): Promise<ClaimPage> {
  const res = await apiRequest('GET', `/api/vehicles?${claimsSearchParams(filter).toString()}`, undefined, {
    signal,
  });
  return (await res.json()) as ClaimPage;
}

/** Under the claims key, so a new, edited or moved claim refreshes every list page. */
export const claimsQueryOptions = (filter: ClaimsFilter) =>
  queryOptions({
    queryKey: [...CLAIMS_QUERY_KEY, 'list', filter],
    queryFn: ({ signal }) => getClaims(filter, signal),
    // The current page stays on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useClaims(filter: ClaimsFilter) {
  return useQuery(claimsQueryOptions(filter));
}
