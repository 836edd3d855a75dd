// The door of the claim-report module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { claimPackRoutes } from './claim-pack.routes.js';
export { claimReportRoutes } from './claim-report.routes.js';
export {
  INK,
  MARGIN,
  MUTED,
  RULE,
  band,
  day,
  decimal,
  fields,
  keepTogether,
  muted,
  pageFooter,
  paragraph,
  pdfBuffer,
  section,
  table,
  totals,
  whenIn,
} from './pdf-layout.js';
export type { Column, Doc } from './pdf-layout.js';
