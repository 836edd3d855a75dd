// The door of the settings module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { settingsRoutes } from './settings.routes.js';
export { readSetting, readSettings } from './settings.service.js';
