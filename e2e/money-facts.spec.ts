import { WORKFLOW_PATH } from '../src/shared/workflows';
import { expect, test } from './fixtures';
import { createClaim, createCompany, moveClaim, signedInApi } from './support/api';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';

/**
 * Decision 038, as a new user tries it: a claim completed with its final cost, invoiced and paid shows its spend
 * on Reports and the Fleet Dashboard, and the invoice bills at the tax rate the claim's estimate was priced at.
 */
test('a claim completed, invoiced and paid shows its spend on Reports and the Fleet Dashboard', async ({
  page,
  playwright,
  loginAsAdmin,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Spend Fleet', {
    billingEmail: 'ap@spend.example',
    taxRatePercent: 8.25,
    paymentTermsDays: 30,
  });
  // An approved estimate of one $1,200.00 part at 10.25 % tax: the claim's approved amount is $1,323.00.
  const created = await createClaim(admin, company.id);
  const estimate = await admin.post(`/api/vehicles/${created.id}/estimates`, {
    data: {
      laborRateCents: 10_000,
      taxRatePercent: 10.25,
      lines: [{ operation: 'part', description: 'Liftgate', quantity: 1, unitPriceCents: 120_000 }],
    },
  });
  expect(estimate.status(), await estimate.text()).toBe(201);
  const { id, version } = (await estimate.json()) as { id: string; version: number };
  const decided = await admin.post(`/api/estimates/${id}/decision`, { data: { action: 'approve', version } });
  expect(decided.ok(), await decided.text()).toBe(true);
  const approved = (await (await admin.get(`/api/vehicles/${created.id}`)).json()) as typeof created;
  const path = WORKFLOW_PATH.collision;
  const claim = await moveClaim(admin, approved, ...path.slice(1, path.indexOf('completed')));
  await admin.dispose();

  await loginAsAdmin(null);
  await page.setViewportSize({ width: 1400, height: 1000 });

  // Completing asks for the final cost, offered from the approved amount.
  await page.goto(`/vehicles/${claim.id}`);
  const moves = page.getByRole('group', { name: 'Move to' });
  await moves.getByRole('button', { name: 'Completed' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Move to Completed?' });
  await expect(dialog.getByLabel('Final cost')).toHaveValue('1323.00');
  await page.screenshot({ path: test.info().outputPath('money-complete-dialog.png') });
  await dialog.getByRole('button', { name: 'Move to Completed' }).click();
  await expectToast(page, 'Claim moved', `${claim.claimNumber} is now Completed.`);

  // Invoiced from Ready to invoice: the draft bills at the estimate's 10.25 %, so it equals the claim.
  await page.goto('/admin/accounts-receivable?tab=ready');
  await page.getByRole('checkbox', { name: `Invoice ${claim.claimNumber}` }).check({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expectToast(page, 'Draft invoice created', `${company.name}: $1,323.00 for ${claim.claimNumber}.`);
  const sheet = page.getByRole('dialog', { name: 'Draft invoice' });
  await sheet.getByRole('button', { name: 'Edit lines' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit draft lines' });
  await expect(editor.getByLabel('Tax rate (%)')).toHaveValue('10.25');
  await expect(editor.getByLabel('Totals')).toContainText('$1,323.00');
  await page.screenshot({ path: test.info().outputPath('money-draft-tax.png') });
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  await sheet.getByRole('button', { name: 'Send invoice' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send this invoice?' });
  await confirm.getByRole('button', { name: 'Send invoice' }).click();
  await expectToast(page, 'Invoice sent', /INV-\d{4}-\d{6}: the mail to ap@spend\.example is queued\./);
  const sent = page.getByRole('dialog', { name: /^INV-\d{4}-\d{6}$/ });
  const number = (await sent.getByRole('heading').first().textContent())!.trim();

  // Paid in full.
  await sent.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record a payment' });
  await payment.getByLabel('Amount', { exact: true }).fill('1323');
  await payment.getByLabel(`Apply to ${number}`).fill('1323');
  await payment.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'ACH' }).click();
  await payment.getByLabel('Reference').fill('ACH-1323');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expectToast(page, 'Payment recorded', `$1,323.00 from ${company.name}, applied in full.`);
  await expect(sent).toContainText('Paid');

  // Reports: the spend of the company's claims this month is the claim's final amount.
  await page.goto(`/reports?range=this_month&companyId=${company.id}`);
  const headline = page.getByRole('region', { name: 'Headline figures' });
  await expect(headline.getByText('Spend (final amounts)').locator('..')).toContainText('$1,323.00', {
    timeout: 30_000,
  });
  await page.screenshot({ path: test.info().outputPath('money-reports.png') });

  // The Fleet Dashboard: this year's spend.
  await page.goto(`/fleet-dashboard?companyId=${company.id}`);
  await expect(page.getByText(/^Spend \d{4} to date$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Spend \d{4} to date$/).locator('..')).toContainText('$1,323.00');
  await page.screenshot({ path: test.info().outputPath('money-fleet-dashboard.png'), fullPage: true });
});
