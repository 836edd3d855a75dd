import type { Page } from '@playwright/test';
import { vinCheckDigit } from '../src/shared/vin';
import { expect, test } from './fixtures';
import { startFreshServer } from './support/fresh-server';
import { expectToast } from './support/toast';

/**
 * A new administrator's first day on a fresh installation, through the screens only, as a new user would:
 * the first login, the dashboard's setup checklist step by step (the invited user sets a password from the
 * link), then the first claim through an approved estimate and an approved supplement. Screenshots along the
 * way are kept in the test's output folder (test-results/) to be looked at.
 */

// A walk through many lazily loaded screens on a server of its own: slower than one screen's test.
const slow = expect.configure({ timeout: 20_000 });

let shot = 0;
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${String(++shot).padStart(2, '0')}-${name}.png`) });

const checklist = (page: Page) => page.getByRole('region', { name: 'Set up FleetClaims' });

/** A VIN with a valid check digit whose model year reads 2021 ("M"). */
const VIN = (() => {
  const draft = '1FTBR1C80MK482913';
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
})();

/** A claim move from the claim page's "Move to" buttons, confirmed in its dialog. */
async function moveClaimTo(page: Page, label: string) {
  await page
    .getByRole('group', { name: 'Move to' })
    .getByRole('button', { name: label, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Move to ${label}?` });
  await dialog.getByRole('button', { name: `Move to ${label}` }).click();
  await slow(dialog).toHaveCount(0);
  await slow(
    page.getByRole('list', { name: 'Collision workflow' }).locator('[aria-current=step]'),
  ).toContainText(label);
}

/** After an estimate is added or approved, the dialog offers the move that follows: take it. */
async function takeNextMove(page: Page, label: string) {
  const next = page.getByRole('dialog', { name: 'What next?' });
  await next.getByRole('button', { name: `Move to ${label}` }).click();
  await expectToast(page, 'Claim moved');
  await slow(next).toHaveCount(0);
}

/** Back on the dashboard, the step is ticked from the data. */
async function expectStepDone(page: Page, done: string, count: number) {
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await slow(checklist(page)).toContainText(`${count} of 6 steps done`);
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
    await slow(checklist(page)).toContainText('0 of 6 steps done');
    await screenshot(page, 'dashboard-checklist');

    // 1. The administrator's own name and email (the first start leaves them blank), on Edit Profile.
    await checklist(page).getByRole('link', { name: 'Add your name and email' }).click();
    await slow(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill('Avery');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Stone');
    await page.getByRole('textbox', { name: 'Email' }).fill('avery@example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Profile updated');
    await expectStepDone(page, 'Your name and email added', 1);

    // 2. A company: the link opens the form itself.
    await checklist(page).getByRole('link', { name: 'Add a company' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create company' });
    await slow(dialog).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('Harbor Freight Lines');
    await dialog.getByLabel('Code').fill('HFL');
    await screenshot(page, 'company-form');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await expectToast(page, 'Company created', 'Harbor Freight Lines (HFL) was added.');
    await expectStepDone(page, 'Company added', 2);

    // 3. A location, from the company's sheet: the form opens with the company chosen.
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
    await expectStepDone(page, 'Location added', 3);

    // 4. A repair facility, from the checklist; the sidebar has its own entry for it too.
    await slow(page.getByRole('link', { name: 'Repair Facilities', exact: true })).toBeVisible();
    await checklist(page).getByRole('link', { name: 'Add a repair facility' }).click();
    dialog = page.getByRole('dialog', { name: 'Create repair facility' });
    await dialog.getByLabel('Name', { exact: true }).fill('Bayside Collision');
    await dialog.getByRole('combobox', { name: 'Repairs' }).click();
    await page.getByRole('option', { name: 'Collision', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create facility' }).click();
    await expectToast(page, 'Repair facility created', 'Bayside Collision was added.');
    await expectStepDone(page, 'Repair facility added', 4);
    await screenshot(page, 'dashboard-three-done');

    // 5. A manager, invited with a set-password link: without a mail server the dialog hands it over.
    await checklist(page).getByRole('link', { name: 'Invite a user' }).click();
    dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByLabel('First name').fill('Morgan');
    await dialog.getByLabel('Last name').fill('Lee');
    await dialog.getByLabel('Username').fill('morgan');
    await dialog.getByLabel('Email', { exact: true }).fill('morgan@example.com');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await dialog.getByRole('button', { name: 'Companies' }).click();
    await page.getByRole('checkbox', { name: /Harbor Freight Lines/ }).check();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    dialog = page.getByRole('dialog', { name: 'Send morgan their link' });
    const link = dialog.getByLabel('Set-password link for morgan');
    await slow(link).toHaveValue(/\/reset-password\//);
    await screenshot(page, 'invite-link');
    const setPasswordPath = new URL(await link.inputValue()).pathname;
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expectStepDone(page, 'User invited', 5);

    // Morgan opens the link in a browser of their own and chooses a password.
    const morgan = await page.context().browser()!.newPage();
    try {
      await morgan.goto(`${server.url}${setPasswordPath}`);
      await slow(morgan.getByRole('heading', { name: 'Set your password' })).toBeVisible();
      await morgan.getByLabel('New password', { exact: true }).fill('Morgan-own-1');
      await morgan.getByLabel('Confirm new password').fill('Morgan-own-1');
      await morgan.getByRole('button', { name: 'Set password' }).click();
      await slow(morgan.getByRole('heading', { name: 'Password set' })).toBeVisible();
    } finally {
      await morgan.close();
    }

    // 6. The first claim: an empty fleet starts on "New vehicle", the only location is chosen already.
    await checklist(page).getByRole('link', { name: 'Open your first claim' }).click();
    await slow(page.getByRole('tab', { name: 'New vehicle', selected: true })).toBeVisible();
    await slow(page.getByRole('combobox', { name: 'Company' })).toContainText('Harbor Freight Lines');
    await page.getByLabel('Unit number').fill('HFL-101');
    await page.getByLabel('VIN').fill(VIN);
    await slow(page.getByText('Model year 2021, read from the VIN.')).toBeVisible();
    await page.getByLabel('Make').fill('Ford');
    await page.getByLabel('Model').fill('Transit 250');
    await screenshot(page, 'new-vehicle');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /^Collision/ }).check();
    await page.getByLabel('Description').fill('Rear bumper pushed in against the loading dock');
    await screenshot(page, 'what-happened');
    await page.getByRole('button', { name: 'Create claim' }).click();
    await slow(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}$/);
    const claimPage = page.url();
    await slow(page.getByRole('heading', { level: 1, name: /^CLM-\d{6}$/ })).toBeVisible();
    await screenshot(page, 'claim-reported');

    // Every step done: the checklist has gone from the dashboard.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await slow(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
    await page.goto(claimPage);

    // The shop's estimate: added while the claim awaits one, then approved; each offers the next move.
    await moveClaimTo(page, 'Awaiting estimate');
    const estimates = page.getByRole('region', { name: 'Estimates' });
    await estimates.getByRole('button', { name: 'Add estimate' }).click();
    dialog = page.getByRole('dialog', { name: 'Add an estimate' });
    await dialog.getByLabel('Estimate number').fill('RO-1001');
    const line = dialog.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Description').fill('Rear bumper cover');
    await line.getByLabel('Unit price').fill('450.00');
    await dialog.getByLabel('Tax rate').fill('8');
    await screenshot(page, 'estimate-form');
    await dialog.getByRole('button', { name: 'Add estimate' }).click();
    await takeNextMove(page, 'Estimate in review');
    await estimates.getByRole('button', { name: 'Approve', exact: true }).click();
    dialog = page.getByRole('dialog', { name: /^Approve original/ });
    await dialog.getByRole('button', { name: 'Approve estimate' }).click();
    await takeNextMove(page, 'Repair approved');

    // In the shop: a supplement adds a bracket; its review shows what changed; approving it resumes the repair.
    await moveClaimTo(page, 'Parts ordered');
    await moveClaimTo(page, 'In repair');
    await estimates.getByRole('button', { name: 'Add supplement' }).click();
    dialog = page.getByRole('dialog', { name: 'Add supplement 1' });
    await expect(dialog.getByRole('group', { name: 'Line 1' }).getByLabel('Description')).toHaveValue(
      'Rear bumper cover',
    );
    await dialog.getByRole('button', { name: 'Add line' }).click();
    const bracket = dialog.getByRole('group', { name: 'Line 2' });
    await bracket.getByLabel('Description').fill('Rear bumper bracket');
    await bracket.getByLabel('Unit price').fill('85.00');
    await dialog.getByRole('button', { name: 'Add estimate' }).click();
    await takeNextMove(page, 'Supplement in review');
    await estimates.getByRole('button', { name: 'Approve', exact: true }).click();
    dialog = page.getByRole('dialog', { name: /^Approve supplement 1/ });
    await expect(dialog.getByRole('region', { name: 'Changes from original RO-1001' })).toContainText(
      'Rear bumper bracket',
    );
    await screenshot(page, 'supplement-review');
    await dialog.getByRole('button', { name: 'Approve estimate' }).click();
    await takeNextMove(page, 'In repair');
    // (450.00 + 85.00) + 8 % tax: the amount the claim now carries, in its header.
    await slow(page.getByRole('banner').or(page.locator('main')).getByText('$577.80').first()).toBeVisible();
    await screenshot(page, 'claim-in-repair');
  } finally {
    await server.stop(page);
  }
});
