// The door of the driver-reports module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { driverReportRoutes } from './driver-reports.routes.js';
export { reportLinkRoutes } from './report-links.routes.js';
