import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { currentServerURL, expect, loginThroughForm, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';

const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** Types into a list's search box and waits for the debounced search to reach the address. */
async function search(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

/** An API session signed in as the admin, for setting the stage of a test. */
async function adminApi(playwright: PlaywrightWorkerArgs['playwright']) {
  const api = await playwright.request.newContext({ baseURL: currentServerURL() });
  const login = await api.post('/api/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

test('an admin creates a company, a location for it and a repair facility, and finds each by search', async ({
  page,
  loginAsAdmin,
}) => {
  // Three records made through their forms, each searched for: longer than one default test timeout on a busy
  // two-core machine.
  test.slow();
  const id = unique();
  const companyName = `Coastal Couriers ${id}`;
  const companyCode = `CC${id}`;
  // The company.
  await loginAsAdmin('/companies');
  await page.getByRole('button', { name: 'Create company' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create company' });
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(companyName);
  await dialog.getByLabel('Code').fill(companyCode.toLowerCase());
  await dialog.getByLabel('Contact email').fill('ops@coastal.example');
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await expectToast(page, 'Company created', `${companyName} (${companyCode}) was added.`);
  await expect(dialog).toHaveCount(0);

  // The same code again is refused under its field.
  await page.getByRole('button', { name: 'Create company' }).click();
  dialog = page.getByRole('dialog', { name: 'Create company' });
  await dialog.getByLabel('Name', { exact: true }).fill(`${companyName} again`);
  await dialog.getByLabel('Code').fill(companyCode);
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await expect(dialog.getByText('Another company already uses this code')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await search(page, 'Search companies', companyCode);
  const companies = page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByRole('row')).toHaveCount(2); // the header and the company
  await expect(companies.getByRole('row').filter({ hasText: companyName })).toContainText(
    'ops@coastal.example',
  );

  // A location of it, from the company's details.
  await companies.getByRole('button', { name: companyName, exact: true }).click();
  await page
    .getByRole('dialog', { name: companyName, exact: true })
    .getByRole('link', { name: /Locations of/ })
    .click();
  await expect(page).toHaveURL(/\/locations\?companyId=/);
  await expect(page.getByText('No locations match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Create location' }).click();
  dialog = page.getByRole('dialog', { name: 'Create location' });
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveText(companyName);
  await dialog.getByLabel('Name', { exact: true }).fill(`Harbor Yard ${id}`);
  await dialog.getByLabel('Code').fill('HRB1');
  await dialog.getByLabel('Address').fill('12 Pier Rd, Long Beach, CA');
  await dialog.getByRole('button', { name: 'Create location' }).click();
  await expectToast(page, 'Location created', `Harbor Yard ${id} (HRB1) was added to ${companyName}.`);

  await page.goto('/locations');
  await search(page, 'Search locations', `Harbor Yard ${id}`);
  const location = page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: id });
  await expect(location).toHaveCount(1);
  await expect(location).toContainText(companyName);
  await expect(location).toContainText('HRB1');

  // A repair facility, its labour rate typed in dollars. At 1400 px its long name and address show whole.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/repair-facilities');
  // Two sidebar entries lead here (Repair Facilities and the spec's CCC Integration): one is marked current.
  await expect(page.locator('nav [aria-current="page"]')).toHaveText(['Repair Facilities']);
  await expect(page.getByRole('tab', { name: 'CCC ONE imports' })).toBeVisible();
  await page.getByRole('button', { name: 'Create facility' }).click();
  dialog = page.getByRole('dialog', { name: 'Create repair facility' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Harbor Collision ${id}`);
  await dialog.getByRole('combobox', { name: 'Repairs' }).click();
  await page.getByRole('option', { name: 'Collision', exact: true }).click();
  await dialog.getByLabel('Labour rate').fill('125.50');
  await dialog.getByLabel('CCC ONE shop id').fill(`CCC-${id}`);
  await dialog.getByLabel('Address').fill('12500 East Colfax Avenue, Suite 200, Aurora, CO 80011');
  await dialog.getByRole('button', { name: 'Create facility' }).click();
  await expectToast(page, 'Repair facility created', `Harbor Collision ${id} was added.`);

  await search(page, 'Search repair facilities', `CCC-${id}`);
  const facility = page
    .getByRole('table', { name: 'Repair facilities' })
    .getByRole('row')
    .filter({ hasText: id });
  await expect(facility).toHaveCount(1);
  await expect(facility).toContainText('$125.50/h');
  await expect(facility).toContainText('Collision');
  const address = facility.getByText('12500 East Colfax Avenue, Suite 200, Aurora, CO 80011');
  const clipped = (element: HTMLElement | SVGElement) =>
    element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
  expect(await address.evaluate(clipped)).toBe(false);
  expect(
    await facility.getByRole('button', { name: `Harbor Collision ${id}`, exact: true }).evaluate(clipped),
  ).toBe(false);
});

test('a manager sees only the companies they belong to, and cannot create or edit them', async ({
  page,
  playwright,
  adminReady: _ready,
}) => {
  const id = unique();
  const api = await adminApi(playwright);
  const create = async (name: string, code: string) => {
    const response = await api.post('/api/companies', { data: { name, code } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const theirs = await create(`Metro Vans ${id}`, `MV${id}`);
  await create(`Other Fleet ${id}`, `OF${id}`);

  const username = `manager_${id.toLowerCase()}`;
  const registered = await api.post('/api/register', {
    data: {
      username,
      password: 'Temp-passw0rd-1',
      firstName: 'Morgan',
      lastName: 'Lee',
      email: `${username}@example.com`,
      role: 'manager',
      companyIds: [theirs],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await api.dispose();

  // The manager chooses their own password at first login.
  await loginThroughForm(page, username, 'Temp-passw0rd-1');
  const forced = page.getByRole('dialog', { name: 'Set a new password' });
  await forced.getByLabel('New password', { exact: true }).fill('Own-passw0rd-1');
  await forced.getByLabel('Confirm new password').fill('Own-passw0rd-1');
  await forced.getByRole('button', { name: 'Change password' }).click();
  await expect(forced).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies' }).click();
  const companies = page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByRole('row').filter({ hasText: `Metro Vans ${id}` })).toBeVisible();
  await expect(companies.getByText(`Other Fleet ${id}`)).toHaveCount(0);
  await expect(page.getByText('1 company')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create company' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

  await search(page, 'Search companies', `OF${id}`);
  await expect(page.getByText('No companies match these filters')).toBeVisible();
});
