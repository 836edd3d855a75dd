import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimBoard, ClaimBoardQuery } from '@shared/claim-board';

import { apiRequest } from '../../../lib/api-client';
import { CLAIMS_QUERY_KEY } from '../../claims';

/** What the Claim Manager shows: one workflow, narrowed by the same filters as All Claims. */
export type ClaimBoardFilter = Pick<ClaimBoardQuery, 'workflow'> &
  Partial<Pick<ClaimBoardQuery, 'companyId' | 'locationId' | 'repairFacilityId' | 'assigneeId'>>;

/** The board changes as people work: it is fetched again on focus after 30 s (lists wait 5 minutes). */
const BOARD_STALE_TIME_MS = 30_000;

export function claimBoardParams(
  filter: ClaimBoardFilter,
  column?: { status: string; cursor: string },
): URLSearchParams {
  const params = new URLSearchParams({ workflow: filter.workflow });
  if (filter.companyId) params.set('companyId', filter.companyId);
  if (filter.locationId) params.set('locationId', filter.locationId);
  if (filter.repairFacilityId) params.set('repairFacilityId', filter.repairFacilityId);
  if (filter.assigneeId) params.set('assigneeId', filter.assigneeId);
  if (column) {
    params.set('status', column.status);
    params.set('cursor', column.cursor);
  }
  return params;
}

export async function getClaimBoard(
  filter: ClaimBoardFilter,
  column?: { status: string; cursor: string },
  signal?: AbortSignal,
): Promise<ClaimBoard> {
  const res = await apiRequest(
    'GET',
    `/api/claim-board?${claimBoardParams(filter, column).toString()}`,
    undefined,
    { signal },
  );
  return (await res.json()) as ClaimBoard;
}

/** Under the claims key, so a claim edited or moved elsewhere marks every board stale. */
export const claimBoardQueryKey = (filter: ClaimBoardFilter) =>
  [...CLAIMS_QUERY_KEY, 'board', filter] as const;

export const claimBoardQueryOptions = (filter: ClaimBoardFilter) =>
  queryOptions({
    queryKey: claimBoardQueryKey(filter),
    queryFn: ({ signal }) => getClaimBoard(filter, undefined, signal),
    staleTime: BOARD_STALE_TIME_MS,
    // A new filter keeps the board on screen (dimmed) while it loads; another workflow has other columns.
    placeholderData: (previous) => (previous?.workflow === filter.workflow ? previous : undefined),
  });

export function useClaimBoard(filter: ClaimBoardFilter) {
  return useQuery(claimBoardQueryOptions(filter));
}
