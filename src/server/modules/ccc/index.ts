// The door of the ccc module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { parseBmsEstimate } from './bms-parser.js';
export { receiveCccFile, reprocessCccImport } from './ccc-import.service.js';
export { cccInboxJob } from './ccc-inbox.job.js';
export { cccRoutes } from './ccc.routes.js';
