import type { APIRequestContext, Page } from '@playwright/test';
import { WORKFLOW_PATH } from '../src/shared/workflows';
import { expect, test } from './fixtures';
import { createClaim, createCompany, moveClaim, signedInApi } from './support/api';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';

/** A collision claim with an approved estimate of one $400.00 part, walked to Completed through the API. */
async function completedClaim(admin: APIRequestContext, companyId: string, description: string) {
  const claim = await createClaim(admin, companyId);
  const estimate = await admin.post(`/api/vehicles/${claim.id}/estimates`, {
    data: {
      laborRateCents: 10_000,
      lines: [{ operation: 'part', description, quantity: 1, unitPriceCents: 40_000 }],
    },
  });
  expect(estimate.status(), await estimate.text()).toBe(201);
  const { id, version } = (await estimate.json()) as { id: string; version: number };
  const decided = await admin.post(`/api/estimates/${id}/decision`, { data: { action: 'approve', version } });
  expect(decided.ok(), await decided.text()).toBe(true);
  const current = (await (await admin.get(`/api/vehicles/${claim.id}`)).json()) as typeof claim;
  return moveClaim(
    admin,
    current,
    ...WORKFLOW_PATH.collision.slice(1, WORKFLOW_PATH.collision.indexOf('completed') + 1),
  );
}

/** The company's row of the aging table, as text. */
const agingRow = (page: Page, company: string) =>
  page
    .getByRole('table', { name: /Aging as of/ })
    .getByRole('row')
    .filter({ hasText: company });

test('an admin invoices a completed claim, edits and sends the draft (mailed with its PDF), records a partial payment, sees the aging move, voids another invoice and exports the lines', async ({
  page,
  playwright,
  loginAsAdmin,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Ledger Fleet', {
    billingEmail: 'ap@ledger.example',
    taxRatePercent: 10,
    paymentTermsDays: 30,
  });
  const claim = await completedClaim(admin, company.id, 'Tailgate panel');
  // Another claim, invoiced and sent already, to void.
  const other = await completedClaim(admin, company.id, 'Side mirror');
  const drafted = await admin.post('/api/accounting/invoices', { data: { claimIds: [other.id] } });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const draft = (await drafted.json()) as { id: string; version: number };
  const sentOther = await admin.post(`/api/accounting/invoices/${draft.id}/send`, {
    data: { version: draft.version },
  });
  expect(sentOther.ok(), await sentOther.text()).toBe(true);
  const otherNumber = ((await sentOther.json()) as { number: string }).number;
  await admin.dispose();

  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAsAdmin('/admin/accounts-receivable?tab=ready');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting' })).toBeVisible({ timeout: 15_000 });

  // Ready to invoice → a draft of one line per approved line.
  await page.getByRole('checkbox', { name: `Invoice ${claim.claimNumber}` }).check();
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expectToast(page, 'Draft invoice created', `${company.name}: $440.00 for ${claim.claimNumber}.`);
  const sheet = page.getByRole('dialog', { name: 'Draft invoice' });
  await expect(sheet.getByRole('table', { name: 'Invoice lines' })).toContainText('Tailgate panel');

  // Edit the draft: two tailgates at $450.00, the second line untaxed.
  await sheet.getByRole('button', { name: 'Edit lines' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit draft lines' });
  await editor.getByLabel('Quantity').fill('2');
  await editor.getByLabel('Unit price').fill('450');
  await editor.getByRole('button', { name: 'Add line' }).click();
  await editor.getByLabel('Description').nth(1).fill('');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByText('Describe the line')).toBeVisible();
  await editor.getByLabel('Description').nth(1).fill('Towing');
  await editor.getByLabel('Unit price').nth(1).fill('85');
  await editor.getByLabel('Taxable').nth(1).uncheck();
  await expect(editor.getByLabel('Totals')).toContainText('$1,075.00');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Draft saved', `The draft for ${company.name} now totals $1,075.00.`);

  // Send it to the billing email.
  await sheet.getByRole('button', { name: 'Send invoice' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send this invoice?' });
  await expect(confirm).toContainText('goes to ap@ledger.example');
  await confirm.getByRole('button', { name: 'Send invoice' }).click();
  await expectToast(page, 'Invoice sent', /INV-\d{4}-\d{6}: the mail to ap@ledger\.example is queued\./);
  const sent = page.getByRole('dialog', { name: /^INV-\d{4}-\d{6}$/ });
  await expect(sent).toContainText('Sent');
  const number = (await sent.getByRole('heading').first().textContent())!.trim();

  // The mail reaches the SMTP server with the invoice's PDF attached (the outbox delivers within a minute).
  await mailbox.waitFor('ap@ledger.example', new RegExp(number), 90_000);
  const mail = mailbox.received.findLast(
    (m) => m.to.includes('ap@ledger.example') && m.body.includes(number),
  )!;
  expect(mail.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
    [`${number}.pdf`, 'application/pdf'],
  ]);
  expect(mail.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The aging before the payment: both invoices are current.
  await sent.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('tab', { name: 'Aging' }).click();
  await expect(agingRow(page, company.name)).toContainText('$1,515.00');

  // A partial payment of $300.00 by ACH.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(number);
  await page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: number }).click();
  await sent.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record a payment' });
  await payment.getByLabel('Amount', { exact: true }).fill('300');
  await payment.getByLabel(`Apply to ${number}`).fill('300');
  await payment.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'ACH' }).click();
  await payment.getByLabel('Reference').fill('ACH-7781');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expectToast(page, 'Payment recorded', `$300.00 from ${company.name}, applied in full.`);
  await expect(sent).toContainText('Partially paid');
  await expect(sent.getByRole('table', { name: 'Invoice lines' })).toContainText('Balance$775.00');

  // The aging moved by the payment.
  await sent.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('tab', { name: 'Aging' }).click();
  await expect(agingRow(page, company.name)).toContainText('$1,215.00');
  await agingRow(page, company.name)
    // The amount first, then what it opens (WCAG 2.5.3).
    .getByRole('button', { name: `— ${company.name}, Current: the invoices behind it` })
    .click();
  await expect(page.getByRole('table', { name: /^Invoices: / })).toContainText(number);

  // Void the other invoice with a reason.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(otherNumber);
  await page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: otherNumber }).click();
  const voiding = page.getByRole('dialog', { name: otherNumber });
  await voiding.getByRole('button', { name: 'Void invoice' }).click();
  const reason = page.getByRole('dialog', { name: `Void ${otherNumber}?` });
  await reason.getByLabel('Why is it void?').fill('Billed to the wrong fleet');
  await reason.getByRole('button', { name: 'Void invoice' }).click();
  await expectToast(page, 'Invoice voided', `${otherNumber} is void.`);
  await expect(voiding).toContainText('Billed to the wrong fleet');
  await voiding.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: otherNumber }),
  ).toContainText('Void');

  // The Export CSV of the searched list: one row per line of the voided invoice.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/accounting/invoice-lines.csv?search=${otherNumber}`);
  const csv = await page.request.get((await exportLink.getAttribute('href'))!);
  expect(csv.ok()).toBe(true);
  const rows = (await csv.text()).trim().split('\r\n');
  expect(rows).toHaveLength(2);
  expect(rows[1]!.startsWith(`${otherNumber},Void,${company.name},ap@ledger.example,`)).toBe(true);

  // The claim page shows the admin its invoice.
  await page.goto(`/vehicles/${claim.id}`);
  const section = page.getByRole('region', { name: 'Invoice' });
  await expect(section.getByRole('link', { name: number })).toBeVisible({ timeout: 15_000 });
  await expect(section).toContainText('Balance $775.00');

  // Screenshots of every tab and the invoice sheet, wide and narrow.
  for (const width of [1400, 500]) {
    await page.setViewportSize({ width, height: 1000 });
    for (const tab of ['invoices', 'payments', 'aging', 'ready']) {
      await page.goto(`/admin/accounts-receivable?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      await page.screenshot({
        path: test.info().outputPath(`accounting-${tab}-${width}.png`),
        fullPage: true,
      });
    }
    await page.goto(`/admin/accounts-receivable?search=${number}`);
    await page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: number }).click();
    await expect(sent.getByRole('table', { name: 'Invoice lines' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`accounting-invoice-${width}.png`) });
  }
});
