// The door of the locations module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { locationsRoutes } from './locations.routes.js';
