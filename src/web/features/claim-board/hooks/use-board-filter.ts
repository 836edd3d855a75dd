import { useCallback } from 'react';
import { z } from 'zod';
import { BOARD_FILTER_KEYS, claimBoardQuerySchema } from '@shared/claim-board';
import { claimFilterSchema } from '@shared/claim-filter';
import { type Workflow } from '@shared/workflows';
import { useUrlFilters, type UrlFilterChange } from '../../../components/data-list';

/** Collision is the board shown when the address names none; it is left out of the address. */
export const DEFAULT_BOARD_WORKFLOW: Workflow = 'collision';

/** The board's address: the API's own query fields, the workflow defaulting to collision. */
const boardAddressSchema = z.object({
  workflow: claimBoardQuerySchema.shape.workflow.default(DEFAULT_BOARD_WORKFLOW),
  ...claimFilterSchema.pick(BOARD_FILTER_KEYS).shape,
});

const FILTER_KEYS = Object.keys(BOARD_FILTER_KEYS);
export type BoardFilterChange = UrlFilterChange<typeof boardAddressSchema>;

function dropDefaultWorkflow(params: URLSearchParams) {
  if (params.get('workflow') === DEFAULT_BOARD_WORKFLOW) params.delete('workflow');
  return params;
}

/**
 * The Claim Manager keeps its workflow tab and filters in the address, like All Claims
 * (`/claim-manager?workflow=mechanical&companyId=…&assigneeId=…`), so a board can be bookmarked and shared;
 * the history is replaced, not grown. A new company drops the chosen location (it belongs to one company).
 */
export function useBoardFilter() {
  const { filter, setFilter, clearFilters, activeKeys } = useUrlFilters(boardAddressSchema, {
    filterKeys: FILTER_KEYS,
    positionKeys: [],
    tidy: dropDefaultWorkflow,
  });

  const changeFilter = useCallback(
    (change: BoardFilterChange) =>
      setFilter(
        'companyId' in change && change.companyId !== filter.companyId
          ? { locationId: undefined, ...change }
          : change,
      ),
    [setFilter, filter.companyId],
  );

  return { filter, setFilter: changeFilter, clearFilters, activeFilters: activeKeys.length };
}
