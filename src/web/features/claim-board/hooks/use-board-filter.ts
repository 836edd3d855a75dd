import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { z } from 'zod';
import { WORKFLOWS, type Workflow } from '@shared/workflows';

import type { ClaimBoardFilter } from '../api/get-claim-board';

/** Collision is the board shown when the address names none; it is left out of the address. */
export const DEFAULT_BOARD_WORKFLOW: Workflow = 'collision';

const FILTER_KEYS = ['companyId', 'locationId', 'repairFacilityId', 'assigneeId'] as const;
export type BoardFilterChange = Partial<Pick<ClaimBoardFilter, (typeof FILTER_KEYS)[number] | 'workflow'>>;

const uuid = z.uuid();
const idParam = (value: string | null) => (value && uuid.safeParse(value).success ? value : undefined);

function readFilter(params: URLSearchParams): ClaimBoardFilter {
  return {
    workflow: WORKFLOWS.find((workflow) => workflow === params.get('workflow')) ?? DEFAULT_BOARD_WORKFLOW,
    companyId: idParam(params.get('companyId')),
    locationId: idParam(params.get('locationId')),
    repairFacilityId: idParam(params.get('repairFacilityId')),
    assigneeId: idParam(params.get('assigneeId')),
  };
}

/**
 * The Claim Manager keeps its workflow tab and filters in the address, like All Claims
 * (`/claim-manager?workflow=mechanical&companyId=…&assigneeId=…`), so a board can be bookmarked and shared;
 * the history is replaced, not grown. A new company drops the chosen location (it belongs to one company).
 */
export function useBoardFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(params), [params]);

  const setFilter = useCallback(
    (change: BoardFilterChange) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) {
            next.delete(key);
            if (value) next.set(key, value);
          }
          if ('companyId' in change && change.companyId !== previous.get('companyId'))
            next.delete('locationId');
          if (next.get('workflow') === DEFAULT_BOARD_WORKFLOW) next.delete('workflow');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of FILTER_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const activeFilters = FILTER_KEYS.filter((key) => filter[key] !== undefined).length;
  return { filter, setFilter, clearFilters, activeFilters };
}
