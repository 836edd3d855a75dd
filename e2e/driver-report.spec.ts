import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures';
import { createClaim, createCompany, isoDay, unique } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { expectToast } from './support/toast';

/**
 * Issue 32, the whole way at a phone's size: a driver scans the report code on the vehicle's window tag and reports
 * damage with three photos, without an account; the manager sees it under Driver Reports and opens a claim from it;
 * sends the repair shop its link; the shop moves the claim and sets the ETA; the manager is told; the claim pack's
 * PDF names the claim and the other party.
 */
test('a driver reports damage from the tag, the manager opens a claim, the shop updates it, the pack names all', async ({
  page,
  loginAsAdmin,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(null);
  const tag = unique();
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const company = await createCompany(page.request, 'Driver Fleet', { name: `Driver Fleet ${tag}` });
  const facility = await page.request.post('/api/repair-facilities', {
    data: { name: `Northside Body ${tag}`, kind: 'collision' },
  });
  expect(facility.status(), await facility.text()).toBe(201);
  const facilityId = ((await facility.json()) as { id: string }).id;
  // An earlier claim of the vehicle, long finished: its window tag still hangs in the van.
  const earlier = await createClaim(page.request, company.id, {
    description: 'Mirror replaced',
    lossDate: isoDay(-40),
    vehicle: { unitNumber: `D-${tag}`, year: 2023, make: 'Ford', model: 'Transit' },
  });

  // The admin prints the vehicle's window tag (its second code is the report link); the driver scans it on a phone.
  await page.goto(`/vehicles/${earlier.id}/window-tag`);
  const code = page.getByRole('img', { name: 'QR code to report damage to this vehicle' });
  const reportUrl = new URL((await code.getAttribute('data-qr-value', { timeout: 30_000 }))!);
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  await phone.goto(reportUrl.pathname);
  await expect(phone.getByRole('heading', { level: 1, name: `Unit D-${tag}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(phone.getByText('2023 Ford Transit')).toBeVisible();
  expect(await seriousAxeViolations(phone)).toEqual([]);

  await phone.getByRole('group', { name: 'What happened?' }).getByRole('radio', { name: 'Accident' }).click();
  await phone
    .getByRole('group', { name: 'Can the vehicle be driven?' })
    .getByRole('radio', { name: 'Yes' })
    .click();
  await phone.getByRole('group', { name: 'Was anyone hurt?' }).getByRole('radio', { name: 'No' }).click();
  await phone.getByLabel('Name (optional)').fill('Jordan Lee');
  await phone.getByLabel('Licence plate (optional)').fill('KX-4410');
  await phone.getByLabel('Insurer (optional)').fill('Northwind Mutual');
  await phone.getByLabel('Description').fill('A car reversed into the sliding door at the depot gate.');
  await phone.getByLabel('Your name').fill('Dana Driver');
  const photos = await Promise.all(
    ['#b91c1c', '#1d4ed8', '#15803d'].map(async (background, index) => ({
      name: `door-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    })),
  );
  await phone.getByLabel('Add photos').setInputFiles(photos);
  await phone.getByRole('button', { name: 'Send report' }).click();
  const sent = phone.getByRole('heading', { name: /^Report DR-\d{6} sent$/ });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  const reference = /DR-\d{6}/.exec((await sent.textContent())!)![0];
  await expect(phone.getByText('3 of 3 photos sent', { exact: false })).toBeVisible({ timeout: 30_000 });

  // The manager (an admin here) sees it under Driver Reports, with its count, and opens a claim from it.
  await page.goto('/driver-reports');
  const report = page.getByRole('article', { name: new RegExp(`^${reference} · Accident`) });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByRole('list', { name: `Photos of ${reference}` }).getByRole('link')).toHaveCount(3);
  await expect(page.getByRole('link', { name: /^Driver Reports ?, \d+ new$/ })).toBeVisible();
  await report.getByRole('button', { name: 'Open collision claim' }).click();
  const toast = page
    .locator('[data-slot=toast]')
    .filter({ hasText: /Claim CLM-\d+ opened/ })
    .last();
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await toast.getByRole('link', { name: 'View claim' }).click();
  await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}$/);
  const claimId = /\/vehicles\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const claim = (await (await page.request.get(`/api/vehicles/${claimId}`)).json()) as {
    claimNumber: string;
    version: number;
  };
  const files = (await (await page.request.get(`/api/vehicles/${claimId}/attachments`)).json()) as {
    items: unknown[];
  };
  expect(files.items).toHaveLength(3);

  // The claim goes to the shop, which gets its link; the admin follows the claim.
  const edit = await page.request.patch(`/api/vehicles/${claimId}`, {
    data: { repairFacilityId: facilityId, assigneeId: me.id, version: claim.version },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  const shopLink = await page.request.post(`/api/vehicles/${claimId}/shop-links`, { data: {} });
  expect(shopLink.status()).toBe(201);
  const shopPath = new URL(((await shopLink.json()) as { url: string }).url).pathname;

  // The shop, on its phone, receives the van and sets the ETA.
  await phone.goto(shopPath);
  await expect(phone.getByRole('heading', { name: `Claim ${claim.claimNumber}` })).toBeVisible({
    timeout: 30_000,
  });
  await phone.getByRole('button', { name: 'Awaiting estimate' }).click();
  await expectToast(phone, 'Claim moved to Awaiting estimate', 'The fleet is told.');
  await phone.getByLabel('ETA').fill(isoDay(10));
  await phone.getByRole('button', { name: 'Save ETA' }).click();
  await expectToast(phone, 'ETA saved');
  await visitor.close();

  // The manager was told: of the report, of the shop's move and of its ETA.
  const told = (await (await page.request.get('/api/notifications')).json()) as { title: string }[];
  expect(told.map((item) => item.title)).toEqual(
    expect.arrayContaining([
      `${reference}: Accident reported on unit D-${tag}`,
      `${claim.claimNumber} is now Awaiting estimate`,
      expect.stringMatching(new RegExp(`^${claim.claimNumber}: ETA .* from Northside Body ${tag}$`)),
    ]),
  );

  // The claim pack downloads; its PDF names the claim, the driver's report and the other party.
  await page.reload();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Claim pack' }).click({ timeout: 30_000 }),
  ]);
  const zip = await buffer(await download.createReadStream());
  const entries = unzipSync(new Uint8Array(zip));
  const pdf = entries[`${claim.claimNumber}/${claim.claimNumber} claim report.pdf`]!;
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  expect(text).toContain(claim.claimNumber);
  expect(text).toContain(`Driver’s report ${reference}`);
  expect(text).toContain('Jordan Lee');
  expect(text).toContain('Northwind Mutual');
  expect(Object.keys(entries).filter((name) => name.includes('/photos/'))).toHaveLength(3);
});
