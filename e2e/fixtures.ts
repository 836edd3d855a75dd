import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, INITIAL_ADMIN_PASSWORD, serverOf } from './support/env';
import { startMailbox, type Mailbox } from './support/mailbox';

interface TestFixtures {
  consoleErrors: string[];
  /**
   * Signs the page in as the admin (password already changed) and opens `path`: the dashboard by default, nothing
   * when `null` (the test opens its screen itself once its data is arranged).
   */
  loginAsAdmin: (path?: string | null) => Promise<void>;
}
/** Each worker's server sends its mail to an SMTP port of its own (playwright.config.ts). */
export interface E2EOptions {
  smtpPort: number;
}
interface WorkerFixtures extends E2EOptions {
  /** This worker's own server (playwright.config.ts starts one per worker). */
  server: ReturnType<typeof serverOf>;
  /** The address of this worker's own server. */
  serverURL: string;
  mailbox: Mailbox;
  /** Makes sure the first admin has replaced the initial password, once per worker. */
  adminReady: void;
}

/**
 * Signs the page's browser context in through the API, as the login form does, then opens `path` (the dashboard by
 * default; `null` opens nothing): for tests about what comes after the login. The form itself is driven by
 * `loginThroughForm`, in the tests of logging in (accounts, first day, the forced password change). Skipping the form
 * saves each test a load of the app and of the dashboard it lands on.
 */
export async function signIn(page: Page, username: string, password: string, path: string | null = '/') {
  const login = await page.request.post('/api/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  if (path !== null) await page.goto(path);
}

/** Logs in through the login form, as a user would. */
export async function loginThroughForm(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function prepareAdmin(request: APIRequestContext) {
  const changed = await request.post('/api/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  if (changed.ok()) return;
  const initial = await request.post('/api/login', {
    data: { username: 'admin', password: INITIAL_ADMIN_PASSWORD },
  });
  expect(initial.ok(), await initial.text()).toBe(true);
  const change = await request.post('/api/change-password', {
    data: { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD },
  });
  expect(change.ok(), await change.text()).toBe(true);
}

/**
 * Every page must load without console errors or CSP violations: a test fails if the browser reports one
 * (failed requests the test expects, such as the 401 of a logged-out /api/user, are not console errors).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // Playwright reads the fixtures a fixture needs from this pattern; this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => use(serverOf(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  serverURL: [async ({ server }, use) => use(server.baseURL), { scope: 'worker' }],
  smtpPort: [async ({ server }, use) => use(server.smtpPort), { scope: 'worker' }],
  baseURL: async ({ serverURL }, use) => use(serverURL),
  mailbox: [
    async ({ smtpPort }, use) => {
      const mailbox = await startMailbox(smtpPort);
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  adminReady: [
    async ({ playwright, serverURL }, use) => {
      const request = await playwright.request.newContext({ baseURL: serverURL });
      await prepareAdmin(request);
      await request.dispose();
      await use();
    },
    { scope: 'worker' },
  ],
  loginAsAdmin: async ({ page, adminReady: _ready }, use) => {
    await use((path) => signIn(page, 'admin', ADMIN_PASSWORD, path));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // Chromium logs every non-2xx fetch as a console error; those are asserted by the tests themselves.
        if (
          /Failed to load resource: the server responded with a status of (400|401|403|404|409|429)/.test(
            text,
          )
        )
          return;
        // The email template preview is a frame sandboxed without scripts on purpose. Playwright's trace
        // recorder scripts every frame to snapshot it, and Chromium reports that it blocked that.
        if (
          text.startsWith(
            "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed",
          )
        )
          return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A 5xx names itself above only by its status; its address and the server's message say which request and why.
      page.on('response', (response) => {
        if (response.status() < 500) return;
        // Counted at once (a 5xx at the very end still fails the test); its message follows when read.
        const at =
          errors.push(`${response.status()} from ${response.request().method()} ${response.url()}`) - 1;
        void response.text().then(
          (body) => (errors[at] += `: ${body}`),
          () => {},
        );
      });
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** The address of the running test's server, for API clients made outside the fixtures. */
export const currentServerURL = () => serverOf(test.info().parallelIndex).baseURL;

export { expect };
