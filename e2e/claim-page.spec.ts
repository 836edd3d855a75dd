import fs from 'node:fs';
import type { PlaywrightWorkerArgs } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { STATUS_LABELS, WORKFLOW_PATH } from '../src/shared/workflows';
import { expect, signIn, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';
import { createClaim, createCompany, createReadyUser, signedInApi, unique } from './support/api';

/**
 * A company of its own, a manager linked to it (who has already chosen a password) and a new collision
 * claim, all made through the API as the admin.
 */
async function companyWithManagerAndClaim(playwright: PlaywrightWorkerArgs['playwright']) {
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Claim Page Fleet');
  const manager = await createReadyUser(playwright, admin, {
    firstName: 'Mia',
    lastName: 'Manager',
    role: 'manager',
    companyIds: [company.id],
  });
  const claim = await createClaim(admin, company.id, {
    vehicle: { plate: `FC${unique().slice(0, 4).toUpperCase()}` },
  });
  await admin.dispose();
  return { claim, username: manager.username, password: manager.password };
}

test('a claim moves through its whole collision workflow, and a mentioned manager follows the notification to it', async ({
  page,
  loginAsAdmin,
  playwright,
  browser,
}) => {
  test.setTimeout(120_000);
  const { claim, username, password } = await companyWithManagerAndClaim(playwright);

  await loginAsAdmin(`/vehicles/${claim.id}`);
  await expect(page.getByRole('heading', { level: 1, name: claim.claimNumber })).toBeVisible();
  const stepper = page.getByRole('list', { name: 'Collision workflow' });
  await expect(stepper.locator('[aria-current=step]')).toContainText('Reported');

  for (const status of WORKFLOW_PATH.collision.slice(1)) {
    const label = STATUS_LABELS[status];
    await page
      .getByRole('group', { name: 'Move to' })
      .getByRole('button', { name: label, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: `Move to ${label}?` });
    if (status === 'approved')
      await dialog.getByLabel('Note (optional)').fill('Insurer approved the estimate');
    await dialog.getByRole('button', { name: `Move to ${label}` }).click();
    await expectToast(page, 'Claim moved', `${claim.claimNumber} is now ${label}.`);
    await expect(dialog).toHaveCount(0);
    await expect(stepper.locator('[aria-current=step]')).toContainText(label);
  }

  await expect(page.getByText('No further moves: the claim is closed.')).toBeVisible();
  const history = page.getByRole('list', { name: 'Status changes, newest first' });
  await expect(history.getByRole('listitem')).toHaveCount(WORKFLOW_PATH.collision.length);
  await expect(history.getByRole('listitem').first()).toContainText('Completed');
  await expect(history.getByText('Insurer approved the estimate')).toBeVisible();

  // A note mentioning the manager, picked from the autocomplete with the keyboard.
  const box = page.getByRole('textbox', { name: 'Add a note' });
  await box.click();
  await box.pressSequentially(`Vehicle is back in service. @${username.slice(0, 6)}`);
  const option = page.getByRole('listbox', { name: 'People who can see this claim' }).getByRole('option', {
    name: `Mia Manager @${username}`,
  });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue(`Vehicle is back in service. @${username} `);
  await box.pressSequentially('please confirm the pickup.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText(`@${username}`)).toBeVisible();
  await expect(box).toHaveValue('');

  // The manager, in a browser of their own, gets the mention and follows it to the claim.
  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await signIn(theirPage, username, password);
  const bell = theirPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const popover = theirPage.getByRole('dialog', { name: 'Notifications' });
  const mention = popover.getByRole('link', { name: new RegExp(`mentioned you on ${claim.claimNumber}`) });
  await expect(mention).toBeVisible();
  await expect(mention.getByRole('img', { name: 'Mention' })).toBeVisible();
  await mention.click();
  await expect(theirPage).toHaveURL(new RegExp(`/vehicles/${claim.id}$`));
  await expect(theirPage.getByRole('heading', { level: 1, name: claim.claimNumber })).toBeVisible();
  await expect(theirPage.getByRole('list', { name: 'Notes' })).toContainText('please confirm the pickup.');
  await expect(bell).toHaveAccessibleName('Notifications');
  await context.close();
});

test('the claim page exports the claim as a PDF report', async ({ page, loginAsAdmin, playwright }) => {
  const { claim } = await companyWithManagerAndClaim(playwright);
  await loginAsAdmin(`/vehicles/${claim.id}`);
  await expect(page.getByRole('heading', { level: 1, name: claim.claimNumber })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${claim.claimNumber}.pdf`);
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const document = await getDocumentProxy(new Uint8Array(file));
  const { text } = await extractText(document, { mergePages: true });
  expect(text).toContain(claim.claimNumber);
  expect(text).toContain('Rear bumper damaged while backing into the loading dock');
  await expect(page.getByRole('button', { name: 'Export PDF' })).toBeEnabled();
});
