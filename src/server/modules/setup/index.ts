// The door of the setup module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { setupChecklistRoutes } from './setup-checklist.routes.js';
