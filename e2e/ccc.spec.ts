import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createClaim, createCompany, randomVin, signedInApi } from './support/api';
import { expectNoSeriousAxeViolations } from './support/axe';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';

/** The sample CCC ONE files (and their README: the seed data they need and the totals they give). */
const FIXTURES = path.join(import.meta.dirname, '../src/server/test/fixtures/ccc');
const FIXTURE_VIN = '1FTBR2C88MKA41207';
/**
 * The Transit's VIN is also a vehicle of e2e/tekmetric.spec.ts, whose sync skips a VIN found in several
 * companies; so this spec's Transit gets a VIN of its own, written into the files in place of the fixtures'
 * (nothing else in them changes: same DocumentID, RqUIDs, lines and totals).
 */
const vin = randomVin();
const fixture = (name: string) => ({
  name,
  mimeType: 'application/xml',
  buffer: Buffer.from(fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll(FIXTURE_VIN, vin)),
});

/** The claim's "Estimate" amount in its Money section. */
const estimateAmount = (page: Page) =>
  page.locator('dt', { hasText: /^Estimate$/ }).locator('xpath=following-sibling::dd[1]');

async function upload(page: Page, name: string) {
  await page.getByLabel('Choose CCC estimate files').setInputFiles(fixture(name));
  return page.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem', { name });
}

test('CCC ONE: upload an original and its supplement onto the claim, and assign an unmatched file by hand', async ({
  page,
  playwright,
  loginAsAdmin,
}) => {
  test.setTimeout(120_000);
  // The seed of the fixtures' README: the Transit's open collision claim FC-2026-0412, and a claim of
  // another vehicle to assign the unmatched file (claim ZX-7781-0042, nowhere in the seed) to.
  const api = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(api, 'Northwind Fleet Services LLC');
  const transit = await createClaim(api, company.id, {
    insurerClaimNumber: 'FC-2026-0412',
    vehicle: {
      vin,
      year: 2021,
      make: 'Ford',
      model: 'Transit 250',
      plate: 'FLT4127',
      plateState: 'IL',
      odometer: 48_213,
    },
  });
  const other = await createClaim(api, company.id, { vehicle: { make: 'Ram', model: 'ProMaster 2500' } });
  await api.dispose();

  await loginAsAdmin('/repair-facilities');
  await page.getByRole('tab', { name: 'CCC ONE imports' }).click();
  await expect(page).toHaveURL(/\/repair-facilities\?tab=ccc$/);
  await expect(page.getByRole('heading', { name: 'Inbox folder' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan now' })).toBeEnabled();

  // The original lands on the Transit's claim by its insurer claim number.
  const original = await upload(page, 'estimate-original.xml');
  await expect(original).toContainText('Imported');
  await expect(original).toContainText('$3,245.57');
  await expect(original.getByRole('link', { name: transit.claimNumber })).toBeVisible();

  // Supplement 1: the next version of the same estimate.
  const supplement = await upload(page, 'estimate-supplement-1.xml');
  await expect(supplement).toContainText('Supplement');
  await expect(supplement).toContainText('Supplement 1 on');
  await expect(supplement).toContainText('$3,675.36');

  // The file no claim matches is kept, unmatched.
  const noMatch = await upload(page, 'no-match.xml');
  await expect(noMatch).toContainText('Unmatched');

  // The log lists all three, newest first, with who sent them.
  const log = page.getByRole('table', { name: 'CCC import log' });
  await expect(log.getByRole('row')).toHaveCount(4);
  await expect(log.getByRole('row').nth(1)).toContainText('no-match.xml');
  await expect(log.getByRole('row', { name: /estimate-supplement-1\.xml/ })).toContainText(
    transit.claimNumber,
  );

  await expectNoSeriousAxeViolations(page, '/repair-facilities?tab=ccc');
  for (const width of [500, 1000, 1400]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: test.info().outputPath(`ccc-${width}.png`) });
    // The page scrolls inside its layout: the log gets a picture of its own.
    await page
      .getByRole('region', { name: 'Import log' })
      .screenshot({ path: test.info().outputPath(`ccc-log-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Assign the unmatched file by hand: the dialog starts from the file's claim number, which finds nothing.
  await log.getByRole('button', { name: 'Actions for no-match.xml' }).click();
  await page.getByRole('menuitem', { name: 'Assign to a claim' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign to a claim' });
  await expect(dialog.getByText('No claim matches “ZX-7781-0042”.')).toBeVisible();
  await dialog.getByLabel('Find the claim').fill(other.claimNumber);
  await dialog.getByRole('radio', { name: new RegExp(other.claimNumber) }).click();
  await expectNoSeriousAxeViolations(page, 'assign dialog');
  await dialog.screenshot({ path: test.info().outputPath('ccc-assign-dialog.png') });
  await dialog.getByRole('button', { name: 'Assign and import' }).click();
  await expectToast(page, `no-match.xml imported on ${other.claimNumber}`);
  await expect(dialog).toBeHidden();
  const assigned = log.getByRole('row', { name: /no-match\.xml/ });
  await expect(assigned).toContainText('Imported');
  await expect(assigned.getByRole('link', { name: other.claimNumber })).toBeVisible();

  // The original file comes back byte for byte.
  const downloading = page.waitForEvent('download');
  await log.getByRole('button', { name: 'Actions for estimate-original.xml' }).click();
  await page.getByRole('menuitem', { name: 'Download the original' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('estimate-original.xml');
  expect(fs.readFileSync(await download.path())).toEqual(fixture('estimate-original.xml').buffer);

  // Filter the log by result, in the address.
  await page.getByRole('combobox', { name: 'Result' }).click();
  await page.getByRole('option', { name: 'Supplement' }).click();
  await expect(page).toHaveURL(/result=supplement/);
  await expect(log.getByRole('row')).toHaveCount(2);

  // The claim: its estimate amount follows supplement 1, whose three new lines are marked.
  await log.getByRole('link', { name: transit.claimNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${transit.id}$`));
  // Nothing is approved yet, so the estimate is also the claim's current amount (marked so on the Money card).
  await expect(estimateAmount(page)).toHaveText(/^\$3,675\.36\s*Current$/);
  const estimates = page.getByRole('region', { name: 'Estimates' });
  await expect(
    estimates.getByText('Since the original: 3 lines added, 0 lines changed, 0 lines removed.'),
  ).toBeVisible();
  const lines = estimates.getByRole('table');
  for (const line of [
    'Splash shield, front LT (fender liner)',
    'Radiator support, upper tie bar',
    'Forward camera calibration (sublet)',
  ]) {
    await expect(lines.getByRole('row', { name: new RegExp(line.replace(/[()]/g, '\\$&')) })).toContainText(
      'New',
    );
  }
  await expect(lines.getByText('New', { exact: true })).toHaveCount(3);
});
