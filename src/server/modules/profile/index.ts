// The door of the profile module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { profileRoutes } from './profile.routes.js';
