// The door of the claims module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { decodeCursor, encodeCursor } from './claim-list/claim-cursor.js';
export { claimFilterConditions } from './claim-list/claim-filter.sql.js';
export { recordFinalAmounts, updateClaimFields } from './claim-money.js';
export { addLinkNote, listNotes } from './claim-notes.service.js';
export {
  assignees,
  claimIsComebackSql,
  claimIsOpenSql,
  claimKeepsVehicleDownOn,
  claimKeepsVehicleDownSql,
  claimOnTimeSql,
  claimSearchText,
  downtimeDaysAt,
  personName,
  selectClaimListRows,
  shopUpdatedAtOf,
} from './claim-queries.js';
export type { ClaimRow } from './claim-queries.js';
export { CLAIM_NOT_FOUND, STALE_VERSION_MESSAGE, loadClaimRow, showClaim } from './claim-read.js';
export { statusHistory } from './claim-history.js';
export { claimFollowers, moveClaim, statusChangeNotice, transitionClaim } from './claim-workflow.service.js';
export type { MovableClaim } from './claim-workflow.service.js';
export { person, presentClaimListItem } from './claim.presenter.js';
export { canAuthorizeClaim, canEditClaim, canMoveClaim, canSeeClaim, movesFor } from './claims.policy.js';
export { claimsRoutes } from './claims.routes.js';
export { createClaim, updateClaim } from './claims.service.js';
export { vehiclesRoutes } from './vehicles.routes.js';
export { windowTagRoutes } from './window-tag.routes.js';
