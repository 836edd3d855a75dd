import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';
import { signedInApi, unique } from './support/api';

/** One poll period plus the time to answer and render. */
const NEXT_POLL = { timeout: 12_000 };

/**
 * Starts from no unread notifications for the admin, and gives back a second (viewer) account, signed in
 * through the API, whose bug reports notify every admin.
 */
async function adminWithReporter(playwright: PlaywrightWorkerArgs['playwright']) {
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  expect((await admin.post('/api/notifications/read-all')).ok()).toBe(true);
  const username = `rita_${unique()}`;
  const created = await admin.post('/api/register', {
    data: {
      username,
      password: 'Reporter-pass-1',
      firstName: 'Rita',
      lastName: 'Reporter',
      email: `${username}@example.com`,
      role: 'viewer',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const reporter = await signedInApi(playwright, username, 'Reporter-pass-1');
  return { admin, reporter };
}

async function reportBugs(reporter: APIRequestContext, tag: string, count: number) {
  for (let i = 1; i <= count; i += 1) {
    const res = await reporter.post('/api/bug-reports', {
      data: { title: `${tag} #${i}`, description: 'The list flickers when it refreshes.', severity: 'low' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('the bell shows 9+ above nine unread, lists them, and marking one read lowers the count', async ({
  page,
  loginAsAdmin,
  playwright,
}) => {
  const tag = `Flicker ${unique()}`;
  const { admin, reporter } = await adminWithReporter(playwright);
  await reportBugs(reporter, tag, 10);

  await loginAsAdmin();
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName('Notifications, 9+ unread');
  await expect(bell).toHaveText('9+');

  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const ours = popover.getByRole('listitem').filter({ hasText: tag });
  await expect(ours).toHaveCount(10);
  await expect(ours.first()).toContainText('Bug reported (low)');
  await expect(ours.first()).toContainText(`Rita Reporter: ${tag} #10`);
  await expect(ours.first().getByRole('img', { name: 'System' })).toBeVisible();
  await expect(ours.first().locator('time')).toHaveText('just now');

  // The check button marks one read and leaves the popover open.
  await ours.first().getByRole('button', { name: 'Mark "Bug reported (low)" as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 9 unread');
  await expect(bell).toHaveText('9');
  await expect(popover).toBeVisible();

  // Clicking an item (no claim attached) marks it read too.
  await ours
    .nth(1)
    .getByRole('button', { name: /Unread: Bug reported/ })
    .click();
  await expect(bell).toHaveText('8');

  // The server kept it: after a reload the count is the same.
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 8 unread');

  await bell.click();
  // The list takes its place first (a skeleton until the first poll answers), which moves the link below it.
  await expect(popover.getByRole('listitem').filter({ hasText: tag })).toHaveCount(10);
  await popover.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(popover).toHaveCount(0);

  await admin.dispose();
  await reporter.dispose();
});

test('the notifications page: new arrivals, the Unread filter and Mark all as read', async ({
  page,
  loginAsAdmin,
  playwright,
}) => {
  const tag = `Mirror ${unique()}`;
  const { admin, reporter } = await adminWithReporter(playwright);
  await reportBugs(reporter, tag, 3);

  await loginAsAdmin('/notifications');
  const bell = bellOf(page);
  const all = page.getByRole('list', { name: 'All notifications' });
  await expect(all.getByRole('listitem').filter({ hasText: tag })).toHaveCount(3);
  await expect(bell).toHaveText('3');

  // A new notification shows up at the next poll, on the page and on the bell.
  await reportBugs(reporter, `${tag} late`, 1);
  await expect(all.getByRole('listitem').first()).toContainText(`${tag} late #1`, NEXT_POLL);
  await expect(bell).toHaveText('4');

  await all
    .getByRole('listitem')
    .filter({ hasText: `${tag} #1` })
    .getByRole('button', { name: /^Mark ".*" as read$/ })
    .click();
  await expect(bell).toHaveText('3');

  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(page).toHaveURL(/\/notifications\?filter=unread$/);
  const unread = page.getByRole('list', { name: 'Unread notifications' });
  await expect(unread.getByRole('listitem')).toHaveCount(3);
  await expect(unread.getByRole('listitem').filter({ hasText: `${tag} #1` })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText("You're all caught up")).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(all.getByRole('listitem').filter({ hasText: tag })).toHaveCount(4);
  await expect(all.getByRole('button', { name: /^Mark ".*" as read$/ })).toHaveCount(0);

  await admin.dispose();
  await reporter.dispose();
});

test('a session ended on the server shows the Session Expired toast at the next poll and goes to /auth, to come back after', async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  // page.request shares the page's cookies: this ends the page's own session on the server.
  const logout = await page.request.post('/api/logout');
  expect(logout.ok()).toBe(true);

  const toast = page.locator('[data-slot=toast]').filter({ hasText: 'Session Expired' }).last();
  await expect(toast).toBeVisible(NEXT_POLL);
  await expectToast(page, 'Session Expired', 'Your session has expired. Please log in again.');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page).toHaveURL(/\/auth\?next=%2Fnotifications$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});
