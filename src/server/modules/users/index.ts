// The door of the users module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { ensureInitialAdmin } from './bootstrap-admin.js';
export { activeUserSeesCompany, companyIdsByUser } from './user-companies.service.js';
export { usersRoutes } from './users.routes.js';
