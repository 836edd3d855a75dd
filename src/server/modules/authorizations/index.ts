// The door of the authorizations module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { emitAuthorizationDecided } from './authorization-decided.js';
export { listClaimAuthorizations } from './authorization-read.js';
export { authorizationsRoutes } from './authorizations.routes.js';
export { decidersFor, displayName } from './authorizations.service.js';
