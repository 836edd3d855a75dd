import { test as base, expect } from '@playwright/test';

/**
 * Every page must load without console errors or CSP violations: a test fails if the browser reports one
 * (failed requests the test expects, such as the 401 of a logged-out /api/user, are not console errors).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // Chromium logs every non-2xx fetch as a console error; those are asserted by the tests themselves.
        if (/Failed to load resource: the server responded with a status of (401|404)/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
