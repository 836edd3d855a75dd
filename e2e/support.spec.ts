import type { PlaywrightWorkerArgs } from '@playwright/test';
import { currentServerURL, expect, signIn, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';

// The contact form takes 5 messages per client address per hour, and every run comes from 127.0.0.1:
// these tests send one.

const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * A user created by the admin through the API, with their own password already chosen, so the test can
 * log in through the form without the forced first change.
 */
async function createUser(
  playwright: PlaywrightWorkerArgs['playwright'],
  {
    role,
    firstName,
    lastName,
  }: { role: 'admin' | 'manager' | 'viewer'; firstName: string; lastName: string },
) {
  const username = `${firstName.toLowerCase()}_${unique()}`;
  const email = `${username}@example.com`;
  const password = 'Own-passw0rd-1';
  const baseURL = currentServerURL();
  const admin = await playwright.request.newContext({ baseURL });
  expect(
    (await admin.post('/api/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok(),
  ).toBe(true);
  const created = await admin.post('/api/register', {
    data: { username, password: 'Temp-passw0rd-1', firstName, lastName, email, role },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  const user = await playwright.request.newContext({ baseURL });
  await user.post('/api/login', { data: { username, password: 'Temp-passw0rd-1' } });
  const changed = await user.post('/api/change-password', {
    data: { currentPassword: 'Temp-passw0rd-1', newPassword: password },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await user.dispose();
  return { username, email, password, name: `${firstName} ${lastName}` };
}

test('a message from the support page reaches Contact Submissions, where an admin marks it contacted', async ({
  page,
  browser,
  loginAsAdmin,
}) => {
  const name = `Priya ${unique()}`;

  // A visitor, signed out, in a browser of their own.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/auth');
  await visitor.getByRole('link', { name: 'Contact Us for a Demo' }).click();
  await expect(visitor).toHaveURL(/\/support$/);
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText('Name is required')).toBeVisible();
  await expect(visitor.getByText('Choose a topic')).toBeVisible();

  await visitor.getByLabel('Name').fill(name);
  await visitor.getByLabel('Email').fill('priya@coastalrentals.example');
  await visitor.getByLabel('Company (optional)').fill('Coastal Rentals');
  await visitor.getByRole('combobox', { name: 'Topic' }).click();
  await visitor.getByRole('option', { name: 'Request a demo' }).click();
  await visitor.getByLabel('Message').fill('We run 420 vans in 9 branches. Could we see a demo next week?');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await expect(
    visitor.getByText('Thank you! We will get back to you within one business day.'),
  ).toBeVisible();
  await visitorContext.close();

  await loginAsAdmin();
  await page.getByRole('link', { name: 'Contact Submissions' }).click();
  await page.getByLabel('Search contact submissions').fill(name);
  await expect(page).toHaveURL(/search=Priya/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Coastal Rentals');
  await expect(row).toContainText('New');

  await row.getByRole('button', { name }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet).toContainText('Could we see a demo next week?');
  await expect(sheet.getByRole('link', { name: 'priya@coastalrentals.example' })).toBeVisible();
  await sheet.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expectToast(page, 'Status updated', `${name}'s message is now Contacted.`);
  // Escape would first close the toast, the top layer; the sheet has its own close button.
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Contacted');

  // The change was saved, not only shown.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Contacted');
});

test('a manager reports a bug from Help, with the page they came from; it shows in Bug Reports', async ({
  page,
  browser,
  playwright,
  loginAsAdmin,
}) => {
  const manager = await createUser(playwright, { role: 'manager', firstName: 'Morgan', lastName: 'Manager' });
  const title = `Search finds nothing ${unique()}`;

  const managerContext = await browser.newContext();
  const theirPage = await managerContext.newPage();
  await signIn(theirPage, manager.username, manager.password);
  await theirPage.getByRole('link', { name: 'All Claims' }).click();
  await expect(theirPage).toHaveURL(/\/vehicles$/);
  await theirPage.getByRole('link', { name: 'Help' }).click();
  await expect(theirPage.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();

  const form = theirPage.getByRole('form', { name: 'Report a bug' });
  await expect(form.getByLabel('Page')).toHaveValue(/\/vehicles$/);
  await expect(form.getByLabel('Browser')).toHaveValue(/Chrome/);
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByRole('combobox', { name: 'Severity' }).click();
  await theirPage.getByRole('option', { name: 'High' }).click();
  await form.getByLabel('What happened?').fill('I typed a plate with a space and got no claims.');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expectToast(theirPage, 'Bug report sent', 'Thank you. An administrator will look into it.');
  await expect(form.getByLabel('Title')).toHaveValue('');
  await managerContext.close();

  await loginAsAdmin('/admin/bug-reports');
  await page.getByLabel('Search bug reports').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('High');
  await expect(row).toContainText(manager.name);

  await row.getByRole('button', { name: title }).click();
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet).toContainText(`Reported by ${manager.name}`);
  await expect(sheet.getByRole('link', { name: /\/vehicles$/ })).toBeVisible();
  await expect(sheet).toContainText('I typed a plate with a space and got no claims.');
  await expect(sheet).toContainText('Chrome');
  await sheet.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Triaged' }).click();
  await expectToast(page, 'Status updated', `“${title}” is now Triaged.`);

  await sheet.getByRole('button', { name: 'Close' }).click();
  // The sheet has a Status select of its own: wait until it has gone before using the list's filter.
  await expect(sheet).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Triaged' }).click();
  await expect(page).toHaveURL(/status=triaged/);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Triaged');
});

test('an admin edits a template with a live preview, sends a test, saves, then resets it to the default', async ({
  page,
  playwright,
  mailbox,
  adminReady: _ready,
}) => {
  // An admin of their own with an email address, so the test mail has somewhere to go.
  const editor = await createUser(playwright, { role: 'admin', firstName: 'Tina', lastName: 'Templates' });
  await signIn(page, editor.username, editor.password);

  await page.getByRole('link', { name: 'Email Templates' }).click();
  await page.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible();
  // The HTML is shown in a frame sandboxed without scripts; the test reads what it was given rather than
  // reaching into it (Chromium reports every script it blocks there, Playwright's own included).
  const preview = page.getByTitle('HTML preview');
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(preview).toHaveAttribute('srcdoc', /Hello Jordan Reyes,/);

  // Edit the subject and the body: the preview follows with the sample data.
  const subject = page.getByLabel('Subject');
  await subject.fill('Your invoice ');
  await page.getByRole('button', { name: /^Insert \{\{invoiceNumber\}\}/ }).click();
  await expect(subject).toHaveValue('Your invoice {{invoiceNumber}}');
  await page
    .getByLabel('HTML body')
    .fill('<p>Dear {{contactName}}, <strong>{{total}}</strong> is due on {{dueDate}}.</p>');
  await page.getByLabel('Text body').fill('Dear {{contactName}}, {{total}} is due on {{dueDate}}.');
  await expect(page.getByTestId('preview-subject')).toHaveText('Your invoice INV-2026-0042');
  await expect(preview).toHaveAttribute(
    'srcdoc',
    /<p>Dear Jordan Reyes, <strong>\$3,912\.00<\/strong> is due on Dec 22, 2026\.<\/p>/,
  );
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByLabel('Plain text preview')).toHaveText(
    'Dear Jordan Reyes, $3,912.00 is due on Dec 22, 2026.',
  );

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Bug Reports' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/key=invoice_sent/);
  await expect(subject).toHaveValue('Your invoice {{invoiceNumber}}');

  await page.getByRole('button', { name: 'Send test to me' }).click();
  await expectToast(
    page,
    'Test email queued',
    `The test mail to ${editor.email} is queued: it goes out on the next delivery.`,
  );
  await mailbox.waitFor(editor.email, /\[Test\] Your invoice INV-2026-0042/);

  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Template saved');
  await expect(page.getByText('Customized', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'All email templates' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'invoice_sent' })).toContainText('Customized');

  await page.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(subject).toHaveValue('Your invoice {{invoiceNumber}}');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset “Invoice” to the default?' });
  await confirm.getByRole('button', { name: 'Reset to default' }).click();
  await expectToast(page, 'Template reset', 'Invoice uses the default text again.');
  await expect(subject).toHaveValue('Invoice {{invoiceNumber}} from FleetClaims');
  await expect(page.getByTestId('preview-subject')).toHaveText('Invoice INV-2026-0042 from FleetClaims');
});
