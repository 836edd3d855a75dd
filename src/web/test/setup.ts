import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { bindSessionQueryClient } from '../lib/api-client';
import { stopTrackingNavigationHistory } from '../lib/navigation-history';
import { queryClient } from '../lib/query-client';
import { clearToasts } from './clear-toasts';
import { resetViewport } from './viewport';
import { restoreWindow } from './worker-state';

// The web files of a worker share one module graph and one window (isolate: false in vitest.config.ts): module state
// (the toast store, the app's query client, the session client binding, the navigation history) and the window's
// address, title, storage and size outlive a file, so what a test leaves behind is put back after every test, from
// this setup file that runs for every file (a hook in a helper module would be registered only by the first file
// that imports it). Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  clearToasts();
  cleanup();
  // The app's own client, bound when query-client.ts is first imported, as in the browser.
  queryClient.clear();
  bindSessionQueryClient(queryClient);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetViewport();
  window.localStorage.clear();
  window.sessionStorage.clear();
  stopTrackingNavigationHistory();
  restoreWindow();
});
