/** Timing and size constants of the specification (§9), shared by browser and server. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const QUERY_STALE_TIME_MS = 5 * MINUTE;
export const CURRENT_USER_STALE_TIME_MS = 5 * MINUTE;
export const PERMISSIONS_STALE_TIME_MS = 5 * MINUTE;
export const PERMISSIONS_GC_TIME_MS = 10 * MINUTE;
export const NOTIFICATION_POLL_INTERVAL_MS = 5 * SECOND;
export const NOTIFICATION_BADGE_CAP = 9;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_SIDE_OFFSET = 4;

export const CHANGE_PASSWORD_MIN_LENGTH = 6;
export const RESET_PASSWORD_MIN_LENGTH = 8;
export const RESET_LINK_TTL_MS = 60 * MINUTE;
/**
 * The page a reset or set-password link opens, followed by its single-use token: the one kind of link that signs
 * someone in. The Mail Outbox shows these links masked (docs/architecture.md, "Mail").
 */
export const RESET_PASSWORD_PATH = '/reset-password/';
export const RESET_SUCCESS_REDIRECT_MS = 3 * SECOND;
export const FORGOT_PASSWORD_WARN_BELOW = 3;

export const BREAKPOINT_MD_PX = 768;
export const BREAKPOINT_XL_PX = 1280;

/** The cache key of the current user, as the spec names it. */
export const CURRENT_USER_QUERY_KEY = ['/api/user'] as const;

/** Browser event raised when any data call answers 401. */
export const SESSION_EXPIRED_EVENT = 'auth:sessionExpired';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

/** Radix Toast's viewport hotkey: pressing it moves focus to the toast region (spec §9). */
export const TOAST_HOTKEY = ['F8'];
