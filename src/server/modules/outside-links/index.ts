// The door of the outside-links module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export {
  createOutsideLink,
  listOutsideLinks,
  recordOutsideLinkUse,
  revokeOutsideLink,
  usableOutsideLink,
} from './outside-links.service.js';
export { claimIdParams, claimLinkParams, linkTokenParams } from './outside-link-params.js';
export type { OutsideLinkRow } from './outside-links.service.js';
