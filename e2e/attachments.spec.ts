import sharp from 'sharp';
import { WINDOW_TAG_FIELDS } from '../src/shared/window-tag';
import { expect, test } from './fixtures';
import { expectToast } from './support/toast';
import { randomVin, unique } from './support/api';
import { ADMIN_PASSWORD } from './support/env';

/** A photo as a phone takes it: landscape pixels that EXIF says to turn upright (portrait). */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2563eb' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#f97316"/></svg>',
        ),
        top: 250,
        left: 400,
      },
    ])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();

test('a photo uploaded on the claim page shows as a thumbnail and opens in the gallery; the window tag opens logged out', async ({
  page,
  loginAsAdmin,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(null);
  const tag = unique();
  const company = await page.request.post('/api/companies', {
    data: { name: `Attachment Fleet ${tag}`, code: `AT-${tag}` },
  });
  expect(company.status(), await company.text()).toBe(201);
  const facility = await page.request.post('/api/repair-facilities', {
    data: { name: `Northside Collision ${tag}`, kind: 'collision' },
  });
  expect(facility.status(), await facility.text()).toBe(201);
  const vin = randomVin();
  const created = await page.request.post('/api/vehicles', {
    data: {
      workflow: 'collision',
      description: 'Tailgate dented at the depot',
      lossDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      repairFacilityId: ((await facility.json()) as { id: string }).id,
      vehicle: {
        companyId: ((await company.json()) as { id: string }).id,
        unitNumber: `U-${tag}`,
        vin,
        year: 2021,
        make: 'Ram',
        model: 'ProMaster',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const claim = (await created.json()) as { id: string; claimNumber: string };

  // Upload through the claim page, as a user would.
  await page.goto(`/vehicles/${claim.id}`);
  const attachments = page.getByRole('region', { name: 'Attachments' });
  // The claim page loads its sections side by side; with both servers and both browsers busy on two cores (CI), the
  // first draw of this one has taken past the 10 s default.
  await expect(attachments.getByText('No files yet.')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Choose files to attach').setInputFiles({
    name: 'IMG_5120.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(),
  });
  const queue = page.getByRole('list', { name: 'Files to upload' });
  await expect(queue.getByRole('combobox', { name: 'Kind of IMG_5120.jpg' })).toHaveText('Photo');
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expectToast(page, 'File added');
  await expect(queue).toHaveCount(0);

  const tile = attachments.getByRole('button', { name: 'Open IMG_5120.jpg' });
  const thumbnail = tile.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/api\/attachments\/[0-9a-f-]+\/thumbnail$/);
  // The server's thumbnail loaded, upright: EXIF turned the landscape pixels into a portrait picture.
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([213, 320]);

  await tile.click();
  const gallery = page.getByRole('dialog', { name: 'IMG_5120.jpg' });
  await expect(gallery).toContainText('Photo 1 of 1');
  await expect(gallery).toContainText('800 × 1200');
  const large = gallery.getByRole('img', { name: 'IMG_5120.jpg' });
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(gallery.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/file\?download=1$/,
  );
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);

  // The window tag, in a browser with no session at all.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const errors: string[] = [];
  visitorPage.on('pageerror', (error) => errors.push(error.message));
  visitorPage.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await visitorPage.goto(`/vehicles/${claim.id}/window-tag`);
  const card = visitorPage.getByRole('article', { name: `Window tag for ${claim.claimNumber}` });
  await expect(card).toContainText(claim.claimNumber);
  await expect(card).toContainText(`U-${tag}`);
  await expect(card).toContainText(vin.slice(-8));
  await expect(card).toContainText(`Northside Collision ${tag}`);
  const qr = card.getByRole('img', { name: `QR code linking to claim ${claim.claimNumber}` });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-qr-value', new RegExp(`/vehicles/${claim.id}$`));
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  await expect(visitorPage).toHaveURL(new RegExp(`/vehicles/${claim.id}/window-tag$`));

  const answer = await visitorPage.request.get(`/api/vehicles/${claim.id}/window-tag`);
  expect(Object.keys((await answer.json()) as object).sort()).toEqual([...WINDOW_TAG_FIELDS].sort());
  expect(errors).toEqual([]);

  // Its QR code opens the claim: the visitor signs in first and lands on the claim.
  await visitorPage.goto(`/vehicles/${claim.id}`);
  await expect(visitorPage).toHaveURL(new RegExp(`/auth\\?next=%2Fvehicles%2F${claim.id}$`));
  await visitorPage.getByLabel('Username').fill('admin');
  await visitorPage.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await visitorPage.getByRole('button', { name: 'Log in' }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`/vehicles/${claim.id}$`));
  await expect(visitorPage.getByRole('heading', { level: 1, name: claim.claimNumber })).toBeVisible();
  await visitor.close();
});
