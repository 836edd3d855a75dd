import type { PlaywrightWorkerArgs } from '@playwright/test';
import { vinCheckDigit } from '../src/shared/vin';
import { currentServerURL, expect, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { createClaim, createCompany, signedInApi } from './support/api';
import { expectToast } from './support/toast';

const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** A North American VIN with a valid check digit and a 2021 model year ("M"), unique to this run. */
function validVin(): string {
  const serial = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const draft = `1FTBR1C80MK${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** A few days ago, as the date inputs take it. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The company and location a claim's new vehicle belongs to, made through the API by the admin. */
async function createCompanyWithLocation(playwright: PlaywrightWorkerArgs['playwright'], id: string) {
  const api = await playwright.request.newContext({ baseURL: currentServerURL() });
  const login = await api.post('/api/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const company = await api.post('/api/companies', {
    data: { name: `Harbor Haulers ${id}`, code: `HH${id}` },
  });
  expect(company.status(), await company.text()).toBe(201);
  const { id: companyId, name } = (await company.json()) as { id: string; name: string };
  const location = await api.post('/api/locations', {
    data: { companyId, name: `Pier 9 Yard ${id}`, code: `P9${id}` },
  });
  expect(location.status(), await location.text()).toBe(201);
  await api.dispose();
  return { companyName: name, locationName: `Pier 9 Yard ${id}` };
}

test('an admin adds a claim on a new vehicle, finds it with the sidebar search and exports the filtered list', async ({
  page,
  playwright,
  loginAsAdmin,
}) => {
  const id = unique();
  const { companyName, locationName } = await createCompanyWithLocation(playwright, id);
  const unit = `HH-${id}`;
  const vin = validVin();
  await loginAsAdmin();

  // Step 1: a new vehicle of the new company.
  await page.getByRole('link', { name: 'Add Claim' }).first().click();
  await expect(page).toHaveURL(/\/add-vehicle$/);
  await page.getByRole('tab', { name: 'New vehicle' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Unit number is required')).toBeVisible();
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: companyName }).click();
  await page.getByRole('combobox', { name: /Location/ }).click();
  await page.getByRole('option', { name: locationName }).click();
  await page.getByLabel('Unit number').fill(unit);
  await page.getByLabel('VIN').fill(vin.toLowerCase());
  await expect(page.getByText('Model year 2021, read from the VIN.')).toBeVisible();
  await expect(page.getByLabel('Year (optional)')).toHaveValue('2021');
  await page.getByLabel('Make (optional)').fill('Ford');
  await page.getByLabel('Model (optional)').fill('Transit 250');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the claim.
  await expect(page.getByText(`New vehicle: unit ${unit}`)).toBeVisible();
  await page.getByRole('button', { name: 'Create claim' }).click();
  await expect(page.getByText('Choose collision or mechanical')).toBeVisible();
  await page.getByRole('radio', { name: /Collision/ }).check();
  await page.getByLabel('Description').fill('Rear door dented by a forklift at the pier');
  await page.getByLabel('Date of loss').fill(daysAgo(2));
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Estimate (optional)').fill('1,250.50');
  await page.getByLabel('Insurer (optional)').fill('Harbor Mutual');
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await page.getByRole('button', { name: 'Create claim' }).click();

  await expectToast(page, 'Claim created', `for unit ${unit} is open.`);
  await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}$/);
  const claimPath = new URL(page.url()).pathname;

  // The sidebar's search finds it by unit number.
  const sidebarSearch = page.getByPlaceholder('Search claims…');
  await sidebarSearch.fill(unit);
  await sidebarSearch.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/vehicles\\?search=${unit}$`));
  await expect(page.getByRole('searchbox', { name: 'Search in All Claims' })).toHaveValue(unit);
  const rows = page.getByRole('table', { name: 'Claims' }).getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the claim
  const row = rows.filter({ hasText: unit });
  await expect(row).toContainText('Reported');
  await expect(row).toContainText('2021 Ford Transit 250');
  await expect(row).toContainText(companyName);
  await expect(row).toContainText(locationName);
  await expect(row.getByRole('link')).toHaveAttribute('href', claimPath);

  // The export carries the search: it holds this claim and nothing else.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    new RegExp(`^/api/vehicles/export\\.csv\\?search=${unit}&`),
  );
  const csv = await page.request.get((await exportLink.getAttribute('href'))!);
  expect(csv.ok()).toBe(true);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(unit);
  expect(lines[1]).toContain(vin);

  // A row is a link: it opens the claim.
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${claimPath}$`));
});

test('adding the same VIN again offers the existing vehicle and links its open claim', async ({
  page,
  playwright,
  loginAsAdmin,
}) => {
  const id = unique();
  const { companyName } = await createCompanyWithLocation(playwright, id);
  const unit = `HH-${id}`;
  const vin = validVin();
  await loginAsAdmin();

  async function startNewVehicle() {
    await page.goto('/add-vehicle');
    await page.getByRole('tab', { name: 'New vehicle' }).click();
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: companyName }).click();
  }

  await startNewVehicle();
  await page.getByLabel('Unit number').fill(unit);
  await page.getByLabel('VIN').fill(vin);
  await expect(page.getByText('Model year 2021, read from the VIN.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Mechanical/ }).check();
  await page.getByLabel('Description').fill('Engine warning light, loses power uphill');
  await page.getByLabel('Date of breakdown').fill(daysAgo(1));
  await page.getByRole('button', { name: 'Create claim' }).click();
  await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}$/);
  const claimPath = new URL(page.url()).pathname;

  await startNewVehicle();
  await page.getByLabel('VIN').fill(vin);
  await expect(page.getByText(`This company already has this vehicle: unit ${unit}`)).toBeVisible();
  await expect(page.getByText(`Unit ${unit} already has an open claim`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^CLM-\d{6}$/ })).toHaveAttribute('href', claimPath);
  await page.getByRole('button', { name: 'Use this vehicle' }).click();
  await expect(page.getByRole('tab', { name: 'Vehicle in the fleet' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(`Unit ${unit}`, { exact: true })).toBeVisible();
});

test('at 1400 px with the sidebar open, every chosen column is reachable in the table, with a hint while some are out of sight', async ({
  page,
  playwright,
  loginAsAdmin,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAsAdmin(null);
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Northwestern Regional Freight Haulers Cooperative');
  const claim = await createClaim(admin, company.id, {
    estimateAmountCents: 125050,
    approvedAmountCents: 98000,
  });
  await admin.dispose();

  await page.goto('/vehicles');
  const table = page.getByRole('table', { name: 'Claims' });
  const updated = table.getByRole('columnheader', { name: 'Updated' });
  await expect(updated).toBeVisible({ timeout: 20_000 });
  // The rows decide the columns' widths: measure once the claim's row is there, as the user sees the table (the
  // header alone shows first, narrower than the box).
  await expect(table.getByRole('row').filter({ hasText: claim.claimNumber })).toBeVisible();
  // Whether the last column's header ends inside the table's scrolling box (the table's parent).
  const isInside = () =>
    updated.evaluate((header) => {
      const box = header.closest('table')!.parentElement!.getBoundingClientRect();
      return header.getBoundingClientRect().right <= box.right + 1;
    });
  expect(await isInside()).toBe(false);

  // The cut edge says so; its button scrolls the table to the columns out of sight, most of the box at a time:
  // with the long names other tests leave in this worker's database it may take two steps, as for a user.
  const right = page.getByRole('button', { name: /^Scroll right: \d+ more columns?$/ });
  await expect(right).toBeVisible();
  await expect(async () => {
    if (await right.isVisible()) await right.click({ timeout: 2_000 });
    expect(await isInside()).toBe(true);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /^Scroll right/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Scroll left: \d+ more columns?$/ })).toBeVisible();

  // A column turned on in the Columns menu is in the table.
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Final amount' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Final' })).toBeVisible();
});
