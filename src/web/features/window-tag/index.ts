/** The printable window tag of a claim, with its QR code (the server's `claims/window-tag.routes.ts`). */
export { useTagReportUrl, useWindowTag } from './api/get-window-tag';
export { PRINT_PAGE_RULES, WindowTagCard, WindowTagPreview } from './components/window-tag';
export type { WindowTagLayout } from './components/window-tag';
