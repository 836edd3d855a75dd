import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../docs/examples/webhook-receiver.mjs';
import { expect, signIn, test } from './fixtures';
import { createCompany, createReadyUser, randomVin, signedInApi, unique } from './support/api';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';

test('an admin creates an API token, another system uses it with curl’s header, and revoking it shuts it out', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  // A name of this run's own: the spec may run again on the same server.
  const name = `Telematics sync ${unique()}`;
  await loginAsAdmin();
  await page.getByRole('link', { name: 'API & Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'API & Webhooks', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: /Chosen companies/ }).click();
  // Limited to companies, a token cannot hold the administrators' scopes.
  await expect(dialog.getByRole('checkbox', { name: /See invoices and payments/ })).toBeDisabled();
  await dialog.getByRole('radio', { name: /Every company/ }).click();
  await dialog.getByRole('checkbox', { name: /Move claims through their workflow/ }).check();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const created = page.getByRole('dialog', { name: 'Your new token' });
  await expect(created.getByText('Copy the token now: it is not shown again')).toBeVisible();
  const token = await created.getByLabel(`Token for “${name}”`).inputValue();
  expect(token).toMatch(/^fct_[A-Za-z0-9_-]{43}$/);
  await created.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText(`${token.slice(0, 10)}…`)).toBeVisible();
  await expect(row.getByText('vehicles.view, claims.transition')).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  // Another system: no cookie, only the header.
  const listed = await request.get('/api/vehicles', { headers: { authorization: `Bearer ${token}` } });
  expect(listed.status()).toBe(200);
  expect(listed.headers()['ratelimit-limit']).toBe('600');
  const refusedRoute = await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  expect(refusedRoute.status()).toBe(403);

  await page.reload();
  await expect(row.getByText('from 127.0.0.1')).toBeVisible();
  await row.getByRole('button', { name: `Revoke “${name}”` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
  await expectToast(page, 'Token revoked', `“${name}” no longer works. Systems using it get 401.`);
  await expect(row.getByText('Revoked')).toBeVisible();
  const revoked = await request.get('/api/vehicles', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).message).toBe('The API token was revoked');
});

test('an admin adds a webhook endpoint; a new claim reaches it signed, and shows as delivered in its log', async ({
  page,
  loginAsAdmin,
}) => {
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const tag = unique();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fleet-events`;
    await loginAsAdmin('/admin/api');
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Description').fill('ERP');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Your signing secret' });
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(
      page.getByRole('row', { name: new RegExp(url) }).getByText('On', { exact: true }),
    ).toBeVisible();

    const company = await page.request.post('/api/companies', {
      data: { name: `Webhook Fleet ${tag}`, code: `WH-${tag}` },
    });
    expect(company.status(), await company.text()).toBe(201);
    const claim = await page.request.post('/api/vehicles', {
      data: {
        workflow: 'mechanical',
        description: 'Check engine light on the highway',
        lossDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        vehicle: {
          companyId: ((await company.json()) as { id: string }).id,
          unitNumber: `W-${tag}`,
          vin: randomVin(),
          year: 2023,
          make: 'Ford',
          model: 'E-Transit',
        },
      },
    });
    expect(claim.status(), await claim.text()).toBe(201);
    const { id } = (await claim.json()) as { id: string };

    // The job runner sends it within a poll; the user sees it in the endpoint's log.
    await page
      .getByRole('row', { name: new RegExp(url) })
      .getByRole('button', { name: 'Deliveries' })
      .click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    await expect(async () => {
      await page.reload();
      await page
        .getByRole('row', { name: new RegExp(url) })
        .getByRole('button', { name: 'Deliveries' })
        .click();
      await expect(log.getByText('Delivered')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(log.getByText('204 ·')).toBeVisible();
    const event = verifyWebhook(secret, received[0]!.headers, received[0]!.body);
    expect(event).toMatchObject({ type: 'claim.created', data: { claim: { id } } });
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('an admin lets managers create tokens; a manager makes one for their company under Edit Profile', async ({
  page,
  playwright,
  request,
  adminReady: _ready,
}) => {
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Token Fleet');
  const manager = await createReadyUser(playwright, admin, {
    firstName: 'Mia',
    lastName: 'Manager',
    role: 'manager',
    companyIds: [company.id],
  });
  // The admin turns it on from off (the spec may run again on the same server).
  expect((await admin.put('/api/settings', { data: { managersCreateApiTokens: false } })).ok()).toBe(true);
  await admin.dispose();

  await signIn(page, 'admin', ADMIN_PASSWORD, '/admin/api');
  const allow = page.getByRole('checkbox', { name: /Managers may create tokens of their own/ });
  await expect(allow).toBeEnabled();
  await allow.click();
  await expect(allow).toBeChecked();
  await expectToast(
    page,
    'Setting saved',
    'Managers can now create API tokens for their companies, under Edit Profile.',
  );
  // The manager signs in on the same browser, after the admin's session is gone.
  await page.context().clearCookies();

  await signIn(page, manager.username, manager.password, '/profile');
  const card = page.getByRole('heading', { name: 'API tokens' });
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await dialog.getByLabel('Name').fill('Shop tablet');
  // Chosen companies only (theirs: the one is chosen), and no administration scopes to choose.
  await expect(dialog.getByRole('radio', { name: /Every company/ })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: /See invoices and payments/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const token = await page
    .getByRole('dialog', { name: 'Your new token' })
    .getByLabel('Token for “Shop tablet”')
    .inputValue();
  await page.getByRole('dialog', { name: 'Your new token' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: /Shop tablet/ }).getByText(company.name)).toBeVisible();

  const listed = await request.get('/api/vehicles', { headers: { authorization: `Bearer ${token}` } });
  expect(listed.status()).toBe(200);
});
