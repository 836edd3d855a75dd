// The door of the api-tokens module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { resolveApiToken, touchApiToken } from './api-token-auth.service.js';
export type { ApiTokenGrant } from './api-token-auth.service.js';
export { apiTokensRoutes } from './api-tokens.routes.js';
