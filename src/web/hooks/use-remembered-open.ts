import { useRememberedFlag } from './use-remembered-flag';

/** A preference of this browser only (like the sidebar's), one entry per section. */
const STORAGE_PREFIX = 'fleetclaims.section-open.';

/**
 * Whether a collapsible section is open, remembered in this browser under `key` (the claim page's
 * `claim.history`, …): a section someone collapsed stays collapsed on every claim they open.
 */
export function useRememberedOpen(key: string, defaultOpen = true) {
  return useRememberedFlag(STORAGE_PREFIX + key, defaultOpen);
}
