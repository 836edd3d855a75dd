// The door of the dashboard module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { dashboardRoutes } from './dashboard.routes.js';
export { summaryOf } from './dashboard.service.js';
export type { SummaryCount } from './dashboard.service.js';
