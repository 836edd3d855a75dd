import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { createClaim, createCompany, isoDay } from './support/api';

/** Driver Reports (issue 32), with the count of new reports beside it when some wait (other tests send them). */
const DRIVER_REPORTS = /^Driver Reports(, (\d+|99\+) new(\d+|99\+))?$/;

const ADMIN_ENTRIES = [
  'Fleet Dashboard',
  'Dashboard',
  'Notifications',
  'Claim Manager',
  DRIVER_REPORTS,
  'All Claims',
  'Accounting',
  'Reports',
  'Locations',
  'Companies',
  'Repair Facilities',
  'Help',
  'User Management',
  'CCC Integration',
  'Tekmetric Admin',
  'Email Templates',
  'Mail Outbox',
  'API & Webhooks',
  'Bug Reports',
  'Contact Submissions',
];

/**
 * The sidebar's links, waited for until they are exactly `entries`: entries filtered by permission appear only
 * once the permissions have loaded (the spec's checks answer false until then).
 */
async function expectSidebarEntries(page: Page, entries: (string | RegExp)[]) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(entries);
}

/** Creates a user as the signed-in admin, then signs the page in as that user with the password changed. */
async function signInAsNewUser(page: Page, role: 'manager' | 'viewer') {
  const username = `${role}-${Date.now()}`;
  const created = await page.request.post('/api/register', {
    data: {
      username,
      password: 'First-Passw0rd',
      firstName: role === 'manager' ? 'Morgan' : 'Val',
      lastName: 'Tester',
      email: `${username}@example.com`,
      role,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.request.post('/api/logout');
  const login = await page.request.post('/api/login', { data: { username, password: 'First-Passw0rd' } });
  expect(login.ok(), await login.text()).toBe(true);
  const changed = await page.request.post('/api/change-password', {
    data: { currentPassword: 'x', newPassword: 'Second-Passw0rd' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await page.request.post('/api/logout');
  await signIn(page, username, 'Second-Passw0rd');
}

test.describe('sidebar by role', () => {
  test('an admin sees every entry, Add Claim, Edit Profile and Logout', async ({ page, loginAsAdmin }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await loginAsAdmin();

    await expectSidebarEntries(page, ADMIN_ENTRIES);
    await expect(page.getByRole('link', { name: 'Add Claim' })).toHaveAttribute('href', '/add-vehicle');
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  // Linked to no company yet, the manager has no Fleet Dashboard to open (the server answers 403): no entry either.
  test('a manager sees no Accounting and no System Settings', async ({ page, loginAsAdmin }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await loginAsAdmin(null);
    await signInAsNewUser(page, 'manager');

    await expectSidebarEntries(page, [
      'Dashboard',
      'Notifications',
      'Claim Manager',
      DRIVER_REPORTS,
      'All Claims',
      'Reports',
      'Locations',
      'Companies',
      'Repair Facilities',
      'Help',
    ]);
    await expect(page.getByRole('link', { name: 'Add Claim' })).toBeVisible();
  });

  test('a viewer outside the fleet-dashboard company sees neither Fleet Dashboard nor Add Claim', async ({
    page,
    loginAsAdmin,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await loginAsAdmin(null);
    await signInAsNewUser(page, 'viewer');

    await expectSidebarEntries(page, [
      'Dashboard',
      'Notifications',
      'Claim Manager',
      'All Claims',
      'Reports',
      'Help',
    ]);
    await expect(page.getByRole('link', { name: 'Add Claim' })).toHaveCount(0);
  });
});

test.describe('responsive sidebar', () => {
  test('at 1400 px it is expanded and collapses with its toggle', async ({ page, loginAsAdmin }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await loginAsAdmin();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).toHaveAttribute('data-mode', 'full');
    await expect(page.getByRole('link', { name: 'Reports', exact: true })).toContainText('Reports');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-mode', 'rail');
    await page.reload();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-mode', 'rail');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
  });

  test('at 1000 px it shows icons with tooltips and no toggle', async ({ page, loginAsAdmin }) => {
    await page.setViewportSize({ width: 1000, height: 900 });
    await loginAsAdmin();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-mode', 'rail');
    await expect(page.getByRole('button', { name: /collapse sidebar|expand sidebar/i })).toHaveCount(0);

    await page.getByRole('link', { name: 'Reports', exact: true }).focus();
    await expect(page.getByRole('tooltip')).toHaveText('Reports');
  });

  test('at 500 px it is a drawer that Escape and the backdrop close', async ({ page, loginAsAdmin }) => {
    await page.setViewportSize({ width: 500, height: 900 });
    await loginAsAdmin();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
    const open = page.getByRole('button', { name: 'Open navigation' });
    const button = (await open.boundingBox())!;

    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
    // A second tap where the button was lands on no account action (it was Logout).
    const logout = (await drawer.getByRole('button', { name: 'Logout' }).boundingBox())!;
    expect(logout.y + logout.height).toBeLessThan(button.y);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(480, 450); // the backdrop, right of the drawer
    await expect(drawer).toHaveCount(0);

    await open.click();
    await drawer.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(drawer).toHaveCount(0);
  });
});

test('the claim search goes to All Claims with the text', async ({ page, loginAsAdmin }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAsAdmin();
  const search = page.getByRole('searchbox', { name: 'Search claims' });

  await search.fill('CLM-000123');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/vehicles\?search=CLM-000123$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Claims' })).toBeVisible();

  await search.press('Enter');
  await expect(page).toHaveURL(/\/vehicles$/);
});

test('the legal pages are public and readable on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 900 });
  const documents: [path: string, title: string][] = [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms', 'Terms of Use'],
    ['/user-agreement', 'Terms of Use'],
  ];
  for (const [path, title] of documents) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBe(false);
  }
});

test('a page scrolls inside the layout and ends where its content ends, on a desktop and on a phone', async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin(null);
  const company = await createCompany(page.request, 'Scroll Fleet');
  // Overdue (its ETA has passed), so its row carries screen-reader text too.
  const claim = await createClaim(page.request, company.id, { eta: isoDay(-1) });
  const windowScrolls = () => page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/vehicles/${claim.id}`);
  await expect(page.getByRole('region', { name: 'Attachments' })).toBeVisible();
  expect(await windowScrolls(), 'the claim page scrolls the window past its end').toBe(false);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/vehicles?overdue=true&companyId=${company.id}`);
  await expect(page.getByText(claim.claimNumber).first()).toBeVisible();
  expect(await windowScrolls(), 'All Claims scrolls the window past its end').toBe(false);
});
