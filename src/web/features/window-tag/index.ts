export { useWindowTag } from './api/get-window-tag';
export { PRINT_PAGE_RULES, WindowTagCard, WindowTagPreview } from './components/window-tag';
export type { WindowTagLayout } from './components/window-tag';
