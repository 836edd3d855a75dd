// The door of the companies module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { companiesRoutes } from './companies.routes.js';
export { companyTimeZone } from './companies.service.js';
export { EMPTY_SUMMARY, pageWithSummaries, summariesBy } from './record-summary.js';
