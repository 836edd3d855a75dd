// The door of the health module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { READY_BUSY_MESSAGE, healthRoutes } from './health.routes.js';
