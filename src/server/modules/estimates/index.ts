// The door of the estimates module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { loadClaimCosts } from './claim-costs.service.js';
export { lockClaimEstimates, syncClaimEstimateAmount } from './claim-estimate-amount.js';
export { listClaimEstimates } from './estimate-read.js';
export { recordEstimateVersion, replaceEstimateVersion } from './estimate-versions.js';
export type { EstimateVersionLine, EstimateVersionValues } from './estimate-versions.js';
export { estimatesRoutes } from './estimates.routes.js';
