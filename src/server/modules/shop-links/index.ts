// The door of the shop-links module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { shopLinkRoutes } from './shop-links.routes.js';
