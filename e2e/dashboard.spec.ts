import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { createClaim, createCompany, createReadyUser, isoDay, moveClaim, signedInApi } from './support/api';

/**
 * A company of its own, so that no other test's claims count, with a manager (password already chosen) and
 * three open claims: one not drivable and overdue (assigned to the manager), one dropped off at the shop,
 * one mechanical waiting for authorization.
 */
async function fleetWithClaims(playwright: PlaywrightWorkerArgs['playwright']) {
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Dash Fleet');
  const {
    id: managerId,
    username,
    password,
  } = await createReadyUser(playwright, admin, {
    firstName: 'Dina',
    lastName: 'Dispatcher',
    role: 'manager',
    companyIds: [company.id],
  });
  await admin.dispose();

  const manager = await signedInApi(playwright, username, password);
  const claim = (fields: object) =>
    createClaim(manager, company.id, {
      description: 'Side mirror and driver door struck in a parking lot',
      lossDate: isoDay(-6),
      vehicle: { make: 'Ford', model: 'F-150' },
      ...fields,
    });
  const overdue = await claim({ drivable: false, eta: isoDay(-3), assigneeId: managerId });
  await claim({ drivable: true, dropOffDate: isoDay(-2), eta: isoDay(5) });
  const mechanical = await claim({
    workflow: 'mechanical',
    description: 'Brakes grinding on the front axle',
    drivable: true,
  });
  const authorization = await moveClaim(manager, mechanical, 'diagnosis', 'authorization_pending');
  await manager.dispose();
  return { username, password, overdue, authorization };
}

/** Follows a link and checks that All Claims lists exactly `count` claims. */
async function followTo(page: Page, linkName: string | RegExp, count: number) {
  await page.getByRole('link', { name: linkName }).click();
  await expect(page).toHaveURL(/\/vehicles\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Claims' })).toBeVisible();
  // The list's own count (the server's `total` for the filter) is the dashboard's figure.
  await expect(
    page.getByText(count === 1 ? '1 claim' : `Showing 1–${count} of ${count} claims`),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Claims' }).getByRole('row')).toHaveCount(count + 1);
}

test('the dashboard shows the figures of the user’s companies, and each link lists the claims it counts', async ({
  page,
  playwright,
  adminReady: _ready,
}) => {
  test.setTimeout(90_000);
  const { username, password, overdue, authorization } = await fleetWithClaims(playwright);

  await signIn(page, username, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const figure = (name: string) => page.getByRole('article', { name });
  await expect(figure('Open claims').getByTestId('figure-open-value')).toHaveText('3');
  await expect(figure('Open claims')).toContainText('2 collision · 1 mechanical');
  await expect(figure('Vehicles down now').getByTestId('figure-down-value')).toHaveText('2 vehicles');
  await expect(figure('Vehicles down now')).toContainText(
    'Not drivable, or dropped off at the shop: one open claim each.',
  );
  await expect(figure('Overdue ETAs').getByTestId('figure-overdue-value')).toHaveText('1');
  await expect(figure('Pending authorizations').getByTestId('figure-authorizations-value')).toHaveText('1');
  await expect(figure('Average cycle time (90 days)')).toContainText(
    'No claim completed in the last 90 days.',
  );

  const mine = page.getByRole('region', { name: 'My open claims' });
  await expect(mine.getByRole('link', { name: overdue.claimNumber })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(
    activity.getByRole('link', {
      name: new RegExp(
        `^${authorization.claimNumber}, unit .*: moved from Diagnosis to Authorization requested$`,
      ),
    }),
  ).toBeVisible();
  await expect(activity).toContainText('by Dina Dispatcher');

  // Each figure opens All Claims filtered to exactly the claims it counted.
  await followTo(page, 'View 1 overdue claim', 1);
  await expect(page).toHaveURL(/\/vehicles\?overdue=true&sort=eta&order=asc$/);
  await expect(page.getByRole('table', { name: 'Claims' })).toContainText(overdue.claimNumber);
  await expect(page.getByRole('combobox', { name: 'ETA' })).toHaveText('Overdue');
  await page.goBack();
  await followTo(page, 'View the 2 open claims on these 2 vehicles', 2);
  await page.goBack();
  await followTo(page, /^Reported\s*2\s*: view these collision claims$/, 2);
  await page.goBack();
  await followTo(page, 'View 1 claim awaiting authorization', 1);
  await page.goBack();

  // A claim opens from the activity.
  await activity
    .getByRole('link', { name: new RegExp(`^${authorization.claimNumber},`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${authorization.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: authorization.claimNumber })).toBeVisible();
});
