// The door of the tekmetric module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export type { TekmetricJobDto } from './tekmetric-client.js';
export { roEstimateDraft, storeRoEstimate } from './tekmetric-estimate.js';
export { storesTekmetricSecret } from './tekmetric-settings.service.js';
export { tekmetricSyncJob } from './tekmetric-sync.job.js';
export { tekmetricRoutes } from './tekmetric.routes.js';
