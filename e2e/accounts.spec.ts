import { currentServerURL, expect, loginThroughForm, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { startFreshServer } from './support/fresh-server';
import { expectToast } from './support/toast';

const unique = () => Math.random().toString(36).slice(2, 8);

test('the first administrator logs in with the password from the log and must change it', async ({
  page,
}) => {
  // It starts a server of its own on an empty database (migrations, the first admin) before the browser.
  test.setTimeout(90_000);
  const server = await startFreshServer({ port: 5198 });
  try {
    const password = /with the password (\S+) — it is shown only this once/.exec(server.log())?.[1];
    expect(password, 'the first-start log names the admin password').toBeTruthy();

    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(password!);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Login successful', 'Welcome back, admin!');

    const dialog = page.getByRole('dialog', { name: 'Set a new password' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Current password')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('New password', { exact: true }).fill('abc');
    await dialog.getByLabel('Confirm new password').fill('abd');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();

    await dialog.getByLabel('New password', { exact: true }).fill('First-admin-1');
    await dialog.getByLabel('Confirm new password').fill('First-admin-1');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed successfully', 'Your password has been updated.');
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await server.stop(page);
  }
});

test('a failed login says so, a good one welcomes the user, and a logged-in user skips the login page', async ({
  page,
  adminReady: _ready,
}) => {
  await loginThroughForm(page, 'admin', 'not-the-password');
  await expectToast(page, 'Login failed', 'Invalid username or password');
  await expect(page).toHaveURL(/\/auth$/);

  await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
  await expectToast(page, 'Login successful', 'Welcome back, admin!');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('creating a user in User Management, who then must change the password', async ({
  page,
  loginAsAdmin,
  browser,
}) => {
  const username = `dana_${unique()}`;
  await loginAsAdmin('/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('First name').fill('Dana');
  await dialog.getByLabel('Last name').fill('Reyes');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await dialog.getByText('Set a temporary password').click();
  await dialog.getByRole('textbox', { name: 'Temporary password' }).fill('Temp-pass-1');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expectToast(page, 'Registration successful', 'Welcome, Dana!');
  await expect(page.getByRole('row').filter({ hasText: `@${username}` })).toBeVisible();

  // The new user, in a browser of their own.
  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await loginThroughForm(theirPage, username, 'Temp-pass-1');
  const forced = theirPage.getByRole('dialog', { name: 'Set a new password' });
  await expect(forced).toBeVisible();
  await forced.getByLabel('New password', { exact: true }).fill('Dana-own-pass-1');
  await forced.getByLabel('Confirm new password').fill('Dana-own-pass-1');
  await forced.getByRole('button', { name: 'Change password' }).click();
  await expectToast(theirPage, 'Password changed successfully');
  await expect(forced).toHaveCount(0);
  await context.close();
});

test('forgot password → mail → reset → log in with the new password', async ({
  page,
  mailbox,
  playwright,
  adminReady: _ready,
}) => {
  const username = `fiona_${unique()}`;
  const email = `${username}@example.com`;
  const api = await playwright.request.newContext({ baseURL: currentServerURL() });
  await api.post('/api/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  const created = await api.post('/api/register', {
    data: { username, password: 'Whatever-1', firstName: 'Fiona', lastName: 'Park', email, role: 'viewer' },
  });
  expect(created.status()).toBe(201);
  await api.dispose();

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(
    page,
    'Check Your Email',
    'If an account exists with this email, you will receive password reset instructions.',
  );
  await expect(page.getByRole('button', { name: 'Try Another Email' })).toBeVisible();

  const link = await mailbox.waitFor(email, /(http:\/\/localhost:\d+\/reset-password\/[A-Za-z0-9_-]+)/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass1');
  await page.getByLabel('Confirm new password').fill('Brand-New-Pass1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password Reset Successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await loginThroughForm(page, username, 'Brand-New-Pass1');
  await expectToast(page, 'Login successful', 'Welcome back, Fiona!');

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('Invalid or Expired Link').first()).toBeVisible();
});

test('an admin impersonates a user and returns to the admin account', async ({
  page,
  loginAsAdmin,
  playwright,
}) => {
  const username = `vic_${unique()}`;
  const api = await playwright.request.newContext({ baseURL: currentServerURL() });
  await api.post('/api/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  await api.post('/api/register', {
    data: {
      username,
      password: 'Whatever-1',
      firstName: 'Vic',
      lastName: 'Viewer',
      email: `${username}@example.com`,
      role: 'viewer',
    },
  });
  await api.dispose();

  await loginAsAdmin(`/users?search=${username}`);
  await page.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Impersonate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Impersonate' }).click();

  const banner = page
    .getByRole('region', { name: 'Impersonation' })
    .or(page.locator('[aria-label=Impersonation]'));
  await expect(banner.first()).toBeVisible();
  await expect(banner.first()).toContainText(username);
  await expect(banner.first()).toContainText('admin');
  // A viewer has no User Management.
  await expect(page.getByRole('link', { name: 'User Management' })).toHaveCount(0);

  await banner.first().getByRole('button', { name: 'Return to Admin' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[aria-label=Impersonation]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'User Management' })).toBeVisible();
});
