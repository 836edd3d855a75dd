import { expect, test } from './fixtures';
import { expectToast } from './support/toast';

test('an admin creates an API token, another system uses it with curl’s header, and revoking it shuts it out', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.getByRole('link', { name: 'API Tokens' }).click();
  await expect(page.getByRole('heading', { name: 'API Tokens', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await dialog.getByLabel('Name').fill('Telematics sync');
  await dialog.getByRole('radio', { name: /Chosen companies/ }).click();
  // Limited to companies, a token cannot hold the administrators' scopes.
  await expect(dialog.getByRole('checkbox', { name: /See invoices and payments/ })).toBeDisabled();
  await dialog.getByRole('radio', { name: /Every company/ }).click();
  await dialog.getByRole('checkbox', { name: /Move claims through their workflow/ }).check();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const created = page.getByRole('dialog', { name: 'Your new token' });
  await expect(created.getByText('Copy the token now: it is not shown again')).toBeVisible();
  const token = await created.getByLabel('Token for “Telematics sync”').inputValue();
  expect(token).toMatch(/^fct_[A-Za-z0-9_-]{43}$/);
  await created.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /Telematics sync/ });
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
  await row.getByRole('button', { name: 'Revoke “Telematics sync”' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
  await expectToast(page, 'Token revoked', '“Telematics sync” no longer works. Systems using it get 401.');
  await expect(row.getByText('Revoked')).toBeVisible();
  const revoked = await request.get('/api/vehicles', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).message).toBe('The API token was revoked');
});
