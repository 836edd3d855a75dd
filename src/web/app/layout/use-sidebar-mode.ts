import { useCallback, useState } from 'react';
import { BREAKPOINT_MD_PX, BREAKPOINT_XL_PX } from '@shared/constants';

import { useMediaQuery } from '../../hooks/use-media-query';

/**
 * How the sidebar shows (spec §2): `drawer` below 768 px (hidden, opened by a floating button), `rail`
 * (icons only) from 768 to 1279 px or when collapsed, `full` at 1280 px and above unless collapsed.
 */
export type SidebarMode = 'drawer' | 'rail' | 'full';

/** A preference of this browser only, not a cookie: the session cookie is the only one we set. */
const COLLAPSED_STORAGE_KEY = 'fleetclaims.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false; // storage can be disabled; the sidebar then simply starts expanded
  }
}

function writeCollapsed(collapsed: boolean) {
  try {
    window.localStorage.setItem(COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // Not remembered across visits; nothing else depends on it.
  }
}

export function useSidebarMode() {
  const isMd = useMediaQuery(`(min-width: ${BREAKPOINT_MD_PX}px)`);
  const isXl = useMediaQuery(`(min-width: ${BREAKPOINT_XL_PX}px)`);
  const [collapsed, setCollapsed] = useState(readCollapsed);

  const toggleCollapsed = useCallback(() => {
    writeCollapsed(!collapsed);
    setCollapsed(!collapsed);
  }, [collapsed]);

  const mode: SidebarMode = !isMd ? 'drawer' : !isXl || collapsed ? 'rail' : 'full';
  // The collapse toggle exists only where the user may choose (spec §2: at 1280 px and above).
  return { mode, canToggle: isXl, collapsed, toggleCollapsed };
}
