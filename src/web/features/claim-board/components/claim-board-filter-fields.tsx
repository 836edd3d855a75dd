import {
  AssigneeFilter,
  CompanyFilter,
  FacilityFilter,
  LocationFilter,
  type ClaimsFilterOptions,
} from '../../claims';
import type { ClaimBoardFilter } from '../api/get-claim-board';
import type { BoardFilterChange } from '../hooks/use-board-filter';

/**
 * The board's four filter selects: a chunk of their own (Radix Select and its positioning), so the board draws
 * without them and they fill their places a moment later.
 */
export function ClaimBoardFilterFields(props: {
  filter: ClaimBoardFilter;
  options: ClaimsFilterOptions;
  onChange: (change: BoardFilterChange) => void;
}) {
  return (
    <>
      <CompanyFilter {...props} />
      <LocationFilter {...props} />
      <FacilityFilter {...props} />
      <AssigneeFilter {...props} />
    </>
  );
}
