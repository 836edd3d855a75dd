// The door of the rate-limit module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export {
  clearRateLimit,
  enforceRateLimit,
  giveBackRateLimit,
  hitRateLimit,
  peekRateLimit,
  retryAfterSeconds,
  takeRateLimit,
} from './rate-limit.service.js';
