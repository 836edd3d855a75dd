/**
 * The claims feature: the claim list, Add Claim, and the claim page's shell, fields, notes, history and moves.
 * Other features and app/ import only what is exported here.
 */
export { claimChanged, isConflict, refetchClaim, storeClaim } from './api/claim-cache';
export type { AssigneeOption } from './api/get-assignable-users';
export { useClaimHistory } from './api/get-claim-history';
export { CLAIMS_QUERY_KEY, claimQueryKey } from './api/get-claim';
export { useClaimsFilterOptions } from './hooks/use-claims-filter-options';
export { transitionClaim, undoClaimMove, useTransitionClaimMutation } from './api/transition-claim';
export { AddClaimForm } from './components/add-claim-form';
export { AddClaimLink } from './components/add-claim-link';
export { EtaDate, PriorityFlag, WORKFLOW_LABELS, vehicleDescription } from './components/claim-list-cells';
export { ENDING_MOVES, orderedMoves } from './components/claim-moves';
export { FinalCostField, finalCostOf, useMoveDetails, type MoveDetails } from './components/final-cost-field';
export { ClaimScreen } from './components/claim-screen';
export type { ClaimScreenSections } from './components/claim-screen';
export { ClaimSection } from './components/claim-section';
export { CLAIM_STAGE, ClaimStatusBadge, STAGE_TONES } from './components/claim-status-badge';
export type { ClaimStage } from './components/claim-status-badge';
export {
  AssigneeFilter,
  CompanyFilter,
  FacilityFilter,
  LocationFilter,
  StatusFilter,
  WorkflowFilter,
} from './components/claims-filter-fields';
export type { ClaimsFilterOptions } from './components/claims-filter-fields';
export { ClaimsList } from './components/claims-list';
export { FilterSheet, FiltersButton } from './components/filter-sheet';
export { PersonInitials } from './components/person-initials';
export { RelativeTime } from './components/relative-time';
export { actorLine } from './components/status-history';
export { useNow } from '../../hooks/use-now';
