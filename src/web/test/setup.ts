import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { bindSessionQueryClient } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { clearToasts } from './clear-toasts';
import { resetViewport } from './viewport';

const printWholeDom = getConfig().getElementError;

configure({
  // findBy… and waitFor give up after 1 s by default; a CI machine busy with other work (two cores shared by the
  // databases, the build and Chromium) can take longer than that to render a lazily loaded screen.
  asyncUtilTimeout: 5000,
  // A query that fails inside waitFor/findBy is tried again until it passes; only the last failure is ever shown,
  // and waitFor prints the DOM into it itself when it gives up. Printing the whole DOM into every failed attempt
  // (Testing Library's default) was 15–20 % of the web tests' CPU (profile of claim-estimates.test.tsx): an attempt
  // inside waitFor now fails with the query's own message, and a query that fails outside one still prints the DOM.
  getElementError(message, container) {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) {
      return printWholeDom(message, container);
    }
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// The web files of a worker share one module graph (isolate: false in vitest.config.ts): module state (the toast
// store, the app's query client, the session client binding) outlives a file, so what a test leaves behind is put
// back after every test, from this setup file that runs for every file (a hook in a helper module would be
// registered only by the first file that imports it). Vitest runs without globals here, so Testing
// Library cannot register its own cleanup.
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
});
