import { expect, test } from './fixtures';
import { createClaim, createCompany, signedInApi } from './support/api';
import { expectNoSeriousAxeViolations } from './support/axe';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';
import { startFakeTekmetric, type FakeTekmetric } from '../src/server/test/fake-tekmetric';

/** The five fleet vehicles of the Tekmetric fixtures (src/server/test/fixtures/tekmetric/README in ../shared). */
const FLEET = [
  { unitNumber: 'T-214', vin: '1FTBR2C88MKA41207', year: 2021, make: 'Ford', model: 'Transit 250' },
  { unitNumber: 'T-231', vin: '1FTBW3XG9NKA58213', year: 2022, make: 'Ford', model: 'Transit 350' },
  { unitNumber: 'E-108', vin: '1GCWGAFPXL1183406', year: 2020, make: 'Chevrolet', model: 'Express 2500' },
  { unitNumber: 'P-077', vin: '1FTEW1EP2MFA71638', year: 2021, make: 'Ford', model: 'F-150' },
  { unitNumber: 'C-019', vin: 'ZFBHRFAB4K6M40219', year: 2019, make: 'Ram', model: 'ProMaster City' },
];

let fake: FakeTekmetric;
test.beforeAll(async () => {
  // The app's base URL is a setting: the admin points it at this fake Tekmetric on 127.0.0.1.
  fake = await startFakeTekmetric();
});
test.afterAll(async () => {
  await fake.close();
});

test('an admin connects Tekmetric, maps the shop, syncs now and finds the mechanical claims and the log', async ({
  page,
  playwright,
  loginAsAdmin,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
  const api = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(api, `Northwind Fleet ${suffix}`);
  // The fleet's vehicles come with collision claims of their own (as the Transit's CCC claim in the fixtures).
  for (const vehicle of FLEET) await createClaim(api, company.id, { vehicle });
  const facilityName = `Prairie Fleet Auto Care ${suffix}`;
  const created = await api.post('/api/repair-facilities', {
    data: { name: facilityName, kind: 'mechanical' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const facility = (await created.json()) as { id: string };
  await api.dispose();

  await loginAsAdmin('/tekmetric-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tekmetric Admin' })).toBeVisible();

  // Settings.
  await page.getByRole('combobox', { name: 'Environment' }).click();
  await page.getByRole('option', { name: 'Custom base URL' }).click();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(fake.url);
  await page.getByLabel('Client id').fill(fake.clientId);
  await page.getByLabel('Client secret').fill(fake.clientSecret);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'Tekmetric settings saved');
  await expect(page.getByText('Set', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Client secret')).toHaveCount(0);

  // Test connection.
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connected: 2 shops in scope')).toBeVisible();

  // Map shop 4821.
  await page
    .getByRole('combobox', {
      name: 'Repair facility for Tekmetric shop Prairie Fleet Auto Care',
      exact: true,
    })
    .click();
  await page.getByRole('option', { name: facilityName }).click();
  await expectToast(page, 'Shop mapped');

  for (const width of [500, 1000, 1400]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({
      path: test.info().outputPath(`tekmetric-settings-${width}.png`),
      fullPage: true,
    });
  }

  // Sync now: the job runner takes it within a second; the log updates by itself.
  await page.getByRole('button', { name: 'Sync now' }).click();
  const log = page.getByRole('table', { name: 'Sync log' });
  // The schedule may also have run the shop by then (its row says Schedule): this one is the click's.
  const row = log
    .getByRole('row')
    .filter({ hasText: `${facilityName} (#4821)` })
    .filter({ hasText: 'Manual' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Succeeded');
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  for (const width of [500, 1000, 1400]) {
    await page.setViewportSize({ width, height: 1000 });
    await log.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`tekmetric-log-${width}.png`) });
  }
  // The run that imported the ROs: the click's, or a scheduled run just before it (then the click's found
  // nothing changed since). It is the one row of the shop with the fleet's claims created.
  const imported = log
    .getByRole('row')
    .filter({ hasText: `${facilityName} (#4821)` })
    .filter({ has: page.getByRole('cell', { name: String(FLEET.length), exact: true }) });
  await expect(imported).toHaveCount(1);
  await imported.click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByText('Claims created')).toBeVisible();
  await expect(sheet).toContainText('VIN 1HGCV1F38HA062517 is not in the fleet');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('tekmetric-sheet-1400.png') });
  await page.keyboard.press('Escape');

  // The claims: five mechanical claims at the mapped facility.
  await page.goto(`/vehicles?repairFacilityId=${facility.id}&workflow=mechanical`);
  const claims = page.getByRole('table', { name: 'Claims' });
  for (const { unitNumber } of FLEET)
    await expect(claims.getByText(unitNumber, { exact: true })).toBeVisible();
  await expect(claims.getByRole('row')).toHaveCount(FLEET.length + 1);

  // The RO's estimate on the claim of unit T-214: synced from Tekmetric, decided here, never edited here.
  await claims.getByRole('row').filter({ hasText: 'T-214' }).getByRole('link').first().click();
  const estimates = page.getByRole('region', { name: 'Estimates' });
  await expect(estimates.getByText(/^Tekmetric sync/)).toBeVisible();
  await expect(estimates.getByText('RO 10482', { exact: true })).toBeVisible();
  await expect(estimates.getByText('$1,018.85').first()).toBeVisible();
  await expect(
    estimates.getByRole('cell', { name: 'Front brake pads and rotors: Replace front brake pads and rotors' }),
  ).toBeVisible();
  await expect(estimates.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(estimates.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  for (const width of [500, 1000, 1400]) {
    await page.setViewportSize({ width, height: 1000 });
    await estimates.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`tekmetric-estimate-${width}.png`) });
  }
});
