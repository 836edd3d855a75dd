import { configure, getConfig } from '@testing-library/react';

/**
 * What a web test worker starts with, captured once: this module is imported by src/web/test/setup.ts, which runs
 * for every file, but the files of a worker share their modules (isolate: false), so the code below runs once per
 * worker — a configure() in setup.ts itself would wrap the previous file's wrapper, one level per file.
 */
const printWholeDom = getConfig().getElementError;
const initialHref = window.location.href;
const { createObjectURL, revokeObjectURL } = URL;

configure({
  // findBy… and waitFor give up after 1 s by default; a CI machine busy with other work (two cores shared by the
  // databases, the build and Chromium) can take longer than that to render a lazily loaded screen.
  asyncUtilTimeout: 5000,
  // A query that fails inside waitFor/findBy is tried again until it passes; only the last failure is ever shown,
  // and waitFor prints the DOM into it itself when it gives up. Printing the whole DOM into every failed attempt
  // (Testing Library's default) was 15–20 % of the web tests' CPU (profile of claim-estimates.test.tsx): an attempt
  // inside waitFor now fails with the query's own message, and a query that fails outside one still prints the DOM.
  // A call without a message prints one of several elements a query matched: that one is always printed.
  getElementError(message, container) {
    const quiet = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
      ._disableExpensiveErrorDiagnostics;
    if (!quiet || message === null) return printWholeDom(message, container);
    const error = new Error(message);
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

/** Puts back what a test may have changed on the worker's window: its address, title and URL's blob functions. */
export function restoreWindow() {
  if (window.location.href !== initialHref) window.history.replaceState(null, '', initialHref);
  document.title = '';
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
}
