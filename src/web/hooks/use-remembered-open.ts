import { useCallback, useState } from 'react';

/** A preference of this browser only (like the sidebar's), one entry per section. */
const STORAGE_PREFIX = 'fleetclaims.section-open.';

function read(key: string, defaultOpen: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(STORAGE_PREFIX + key);
    return stored === null ? defaultOpen : stored === 'true';
  } catch {
    return defaultOpen; // storage can be disabled: the section starts as it would anyway
  }
}

/**
 * Whether a collapsible section is open, remembered in this browser under `key` (the claim page's
 * `claim.history`, …): a section someone collapsed stays collapsed on every claim they open.
 */
export function useRememberedOpen(key: string, defaultOpen = true) {
  const [open, setOpenState] = useState(() => read(key, defaultOpen));
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      try {
        window.localStorage.setItem(STORAGE_PREFIX + key, String(next));
      } catch {
        // Not remembered across visits; the choice still holds on this page.
      }
    },
    [key],
  );
  return [open, setOpen] as const;
}
