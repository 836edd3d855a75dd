import type { PlaywrightWorkerArgs } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';
import { createClaim, createCompany, createReadyUser, isoDay, moveClaim, signedInApi } from './support/api';

/**
 * A company with a $500.00 auto-approval limit, a manager linked to it (password already chosen) and a
 * mechanical claim in diagnosis, all made through the API as the admin.
 */
async function mechanicalClaimInDiagnosis(playwright: PlaywrightWorkerArgs['playwright']) {
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Authorization Fleet', { autoApprovalLimitCents: 50_000 });
  const manager = await createReadyUser(playwright, admin, {
    firstName: 'Max',
    lastName: 'Manager',
    role: 'manager',
    companyIds: [company.id],
  });
  const reported = await createClaim(admin, company.id, {
    workflow: 'mechanical',
    description: 'Grinding noise when braking; check engine light on',
    lossDate: isoDay(-2),
    vehicle: { year: 2021, make: 'Ram', model: 'ProMaster 2500' },
  });
  const claim = await moveClaim(admin, reported, 'diagnosis');
  await admin.dispose();
  return { claim, username: manager.username, password: manager.password };
}

test('a manager requests authorization on a mechanical claim and approves some of the lines in the modal', async ({
  page,
  playwright,
  adminReady: _ready,
}) => {
  test.setTimeout(90_000);
  const { claim, username, password } = await mechanicalClaimInDiagnosis(playwright);

  await signIn(page, username, password, `/vehicles/${claim.id}`);
  await expect(page.getByRole('heading', { level: 1, name: claim.claimNumber })).toBeVisible();
  const stepper = page.getByRole('list', { name: 'Mechanical workflow' });
  await expect(stepper.locator('[aria-current=step]')).toContainText('Diagnosis');
  const card = page.getByRole('region', { name: 'Authorizations' });
  await expect(card).toContainText('Requests up to $500.00 are approved automatically');

  // The request: three lines of work, above the company's limit.
  await card.getByRole('button', { name: 'Request authorization' }).click();
  const form = page.getByRole('dialog', { name: 'Request authorization' });
  const work = [
    ['Replace front brake pads and rotors', '640'],
    ['Brake fluid flush', '125.50'],
    ['Replace serpentine belt', '189.00'],
  ] as const;
  for (const [index, [description, amount]] of work.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add line' }).click();
    const line = form.getByRole('group', { name: `Line ${index + 1}` });
    await line.getByLabel('Work').fill(description);
    await line.getByLabel('Amount').fill(amount);
  }
  await expect(form).toContainText('$954.50');
  await expect(form).toContainText('Above the company’s auto-approval limit of $500.00: a manager decides.');
  await form.getByLabel('What was found').fill('Pads worn to 2 mm, belt cracked');
  await form.getByRole('button', { name: 'Request authorization' }).click();
  await expectToast(page, 'Authorization requested', `${claim.claimNumber} awaits a decision on $954.50.`);
  await expect(form).toHaveCount(0);
  await expect(stepper.locator('[aria-current=step]')).toContainText('Authorization requested');

  // The modal: the lines with checkboxes, the running total, the limit and the claim's history.
  await card.getByRole('button', { name: 'Review authorization' }).click();
  const modal = page.getByRole('dialog', { name: 'Review authorization request 1' });
  await expect(modal.getByText('Pads worn to 2 mm, belt cracked')).toBeVisible();
  await expect(modal.getByRole('list', { name: 'Status changes, newest first' })).toContainText(
    'Authorization requested',
  );
  await expect(modal.getByText('Company auto-approval limit')).toBeVisible();
  await modal.getByRole('checkbox', { name: /Brake fluid flush/ }).uncheck();
  await expect(modal).toContainText('(2 of 3 lines)');
  await modal.getByRole('button', { name: 'Approve selected ($829.00)' }).click();
  await expectToast(
    page,
    'Authorization partially approved',
    `${claim.claimNumber} is now Authorized for $829.00 of $954.50.`,
  );
  await expect(modal).toHaveCount(0);

  // The claim moved, with the approved amount; the request shows its decision.
  await expect(stepper.locator('[aria-current=step]')).toContainText('Authorized');
  await expect(page.getByRole('region', { name: 'Money' })).toContainText('$829.00');
  await expect(card).toContainText('Partially approved');
  await expect(card).toContainText('$829.00 of $954.50');
  await expect(card.getByRole('list', { name: 'Lines of request 1' }).getByLabel('Not approved')).toHaveCount(
    1,
  );
  await expect(card.getByRole('button', { name: 'Review authorization' })).toHaveCount(0);
});
