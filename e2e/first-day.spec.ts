import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startFreshServer } from './support/fresh-server';
import { expectToast } from './support/toast';

/**
 * A new administrator's first day on a fresh installation, through the screens only, as a new user would:
 * the first login, then the dashboard's setup checklist step by step. Screenshots along the way are kept in
 * the test's output folder (test-results/) to be looked at.
 */

// A walk through many lazily loaded screens on a server of its own: slower than one screen's test.
const slow = expect.configure({ timeout: 20_000 });

let shot = 0;
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${String(++shot).padStart(2, '0')}-${name}.png`) });

const checklist = (page: Page) => page.getByRole('region', { name: 'Set up FleetClaims' });

/** Back on the dashboard, the step is ticked from the data. */
async function expectStepDone(page: Page, done: string, count: number) {
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await slow(checklist(page)).toContainText(`${count} of 5 steps done`);
  await slow(checklist(page).getByText(done)).toBeVisible();
}

test('a new administrator sets up from the first login through the checklist', async ({ page }) => {
  test.setTimeout(360_000);
  const server = await startFreshServer();
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    const password = /with the password (\S+) — it is shown only this once/.exec(server.log())?.[1];
    expect(password, 'the first-start log names the admin password').toBeTruthy();

    // The first login, and the forced password change.
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(password!);
    await page.getByRole('button', { name: 'Log in' }).click();
    const forced = page.getByRole('dialog', { name: 'Set a new password' });
    await forced.getByLabel('New password', { exact: true }).fill('First-admin-1');
    await forced.getByLabel('Confirm new password').fill('First-admin-1');
    await forced.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed successfully');
    await slow(forced).toHaveCount(0);

    // The dashboard shows where to start.
    await slow(checklist(page)).toContainText('0 of 5 steps done');
    await screenshot(page, 'dashboard-checklist');

    // 1. A company: the link opens the form itself.
    await checklist(page).getByRole('link', { name: 'Add a company' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create company' });
    await slow(dialog).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('Harbor Freight Lines');
    await dialog.getByLabel('Code').fill('HFL');
    await screenshot(page, 'company-form');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await expectToast(page, 'Company created', 'Harbor Freight Lines (HFL) was added.');
    await expectStepDone(page, 'Company added', 1);

    // 2. A location, from the company's sheet: the form opens with the company chosen.
    await page.getByRole('link', { name: 'Companies', exact: true }).click();
    await page.getByRole('button', { name: 'Harbor Freight Lines', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Harbor Freight Lines', exact: true });
    await screenshot(page, 'company-sheet');
    await sheet.getByRole('link', { name: 'Add location' }).click();
    dialog = page.getByRole('dialog', { name: 'Create location' });
    await slow(dialog.getByRole('combobox', { name: 'Company' })).toHaveText('Harbor Freight Lines');
    await dialog.getByLabel('Name', { exact: true }).fill('Long Beach Yard');
    await dialog.getByLabel('Code').fill('LBY');
    await dialog.getByRole('button', { name: 'Create location' }).click();
    await expectToast(page, 'Location created', 'Long Beach Yard (LBY) was added to Harbor Freight Lines.');
    await expectStepDone(page, 'Location added', 2);

    // 3. A repair facility, from the checklist; the sidebar has its own entry for it too.
    await slow(page.getByRole('link', { name: 'Repair Facilities', exact: true })).toBeVisible();
    await checklist(page).getByRole('link', { name: 'Add a repair facility' }).click();
    dialog = page.getByRole('dialog', { name: 'Create repair facility' });
    await dialog.getByLabel('Name', { exact: true }).fill('Bayside Collision');
    await dialog.getByRole('combobox', { name: 'Repairs' }).click();
    await page.getByRole('option', { name: 'Collision', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create facility' }).click();
    await expectToast(page, 'Repair facility created', 'Bayside Collision was added.');
    await expectStepDone(page, 'Repair facility added', 3);
    await screenshot(page, 'dashboard-three-done');
  } finally {
    // Leave the app first: its polling would otherwise report the stopped server as console errors.
    await page.goto('about:blank');
    await server.stop();
  }
});
