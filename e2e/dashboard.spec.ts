import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, loginThroughForm, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { randomVin, signedInApi, unique } from './support/api';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function createClaim(api: APIRequestContext, companyId: string, tag: string, fields: object) {
  const response = await api.post('/api/vehicles', {
    data: {
      workflow: 'collision',
      description: 'Side mirror and driver door struck in a parking lot',
      lossDate: day(-6),
      vehicle: {
        companyId,
        unitNumber: `D-${tag}-${unique()}`,
        vin: randomVin(),
        make: 'Ford',
        model: 'F-150',
      },
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; claimNumber: string; version: number };
}

/**
 * A company of its own, so that no other test's claims count, with a manager (password already chosen) and
 * three open claims: one not drivable and overdue (assigned to the manager), one dropped off at the shop,
 * one mechanical waiting for authorization.
 */
async function fleetWithClaims(playwright: PlaywrightWorkerArgs['playwright']) {
  const tag = unique();
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const companyRes = await admin.post('/api/companies', {
    data: { name: `Dash Fleet ${tag}`, code: `DF-${tag}` },
  });
  expect(companyRes.status(), await companyRes.text()).toBe(201);
  const company = (await companyRes.json()) as { id: string };
  const username = `dina_${tag}`;
  const registered = await admin.post('/api/register', {
    data: {
      username,
      password: 'Manager-temp-1',
      firstName: 'Dina',
      lastName: 'Dispatcher',
      email: `${username}@example.com`,
      role: 'manager',
      companyIds: [company.id],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const managerId = ((await registered.json()) as { id: string }).id;
  await admin.dispose();

  const manager = await signedInApi(playwright, username, 'Manager-temp-1');
  const changed = await manager.post('/api/change-password', { data: { newPassword: 'Manager-pass-1' } });
  expect(changed.ok(), await changed.text()).toBe(true);
  const overdue = await createClaim(manager, company.id, tag, {
    drivable: false,
    eta: day(-3),
    assigneeId: managerId,
  });
  await createClaim(manager, company.id, tag, { drivable: true, dropOffDate: day(-2), eta: day(5) });
  let authorization = await createClaim(manager, company.id, tag, {
    workflow: 'mechanical',
    description: 'Brakes grinding on the front axle',
    drivable: true,
  });
  for (const to of ['diagnosis', 'authorization_pending']) {
    const moved = await manager.post(`/api/vehicles/${authorization.id}/transitions`, {
      data: { to, version: authorization.version },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    authorization = (await moved.json()) as typeof authorization;
  }
  await manager.dispose();
  return { username, password: 'Manager-pass-1', overdue, authorization };
}

/** Follows a link and checks that All Claims lists exactly `count` claims. */
async function followTo(page: Page, linkName: string, count: number) {
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

  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const figure = (name: string) => page.getByRole('article', { name });
  await expect(figure('Open claims').getByTestId('figure-open-value')).toHaveText('3');
  await expect(figure('Open claims')).toContainText('2 collision · 1 mechanical');
  await expect(figure('Vehicles down now').getByTestId('figure-down-value')).toHaveText('2');
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
  await followTo(page, 'View 2 claims keeping them down', 2);
  await page.goBack();
  await followTo(page, 'Reported: view 2 collision claims', 2);
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
