/**
 * Every driver report query (the lists and the sidebar's count) lives under this key. Its own file: the sidebar's
 * count is in every signed-in page, and must not bring the list's code with it.
 */
export const DRIVER_REPORTS_QUERY_KEY = ['/api/driver-reports'] as const;
