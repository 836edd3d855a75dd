import sharp from 'sharp';
import { SHOP_LINK_REVOKED_MESSAGE } from '../src/shared/shop-links';
import { expect, test } from './fixtures';
import { createClaim, createCompany, isoDay, unique } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { expectToast } from './support/toast';

/**
 * A repair shop's link (issue 32): the manager sends it from the claim page; the shop, with no account, opens the
 * mailed link on a phone, receives the van, sets the ETA, adds a photo and a note; the claim page names the shop in
 * its history, notes and files, and the manager is told. Once revoked, the link says so.
 */
test('the shop updates its claim through the mailed link on a phone, and the claim page names it', async ({
  page,
  loginAsAdmin,
  browser,
  mailbox,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(null);
  const tag = unique();
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const company = await createCompany(page.request, 'Shop Fleet', { name: `Shop Fleet ${tag}` });
  const facility = await page.request.post('/api/repair-facilities', {
    data: { name: `Eastside Collision ${tag}`, kind: 'collision' },
  });
  expect(facility.status(), await facility.text()).toBe(201);
  const claim = await createClaim(page.request, company.id, {
    description: 'Driver door dented in the depot yard',
    lossDate: isoDay(-1),
    repairFacilityId: ((await facility.json()) as { id: string }).id,
    assigneeId: me.id,
    vehicle: { unitNumber: `S-${tag}`, year: 2021, make: 'Ram', model: 'ProMaster' },
  });
  const shopName = `Eastside Collision ${tag}`;
  const via = `Shop: ${shopName} via link`;

  // Sent from the claim page.
  const desk = `desk-${tag}@eastside.example`.toLowerCase();
  await page.goto(`/vehicles/${claim.id}`);
  await page.getByRole('button', { name: 'Shop link' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: `Shop link for ${shopName}` });
  await dialog.getByLabel('Shop’s email (optional)').fill(desk);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expectToast(page, 'Shop link sent', `The link went to ${desk}.`);
  const path = await mailbox.waitFor(desk, /https?:\/\/[^/\s]+(\/shop\/[A-Za-z0-9_-]+)/, 30_000);
  await page.keyboard.press('Escape');

  // The shop, signed out, on a phone.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  await phone.goto(path);
  await expect(phone.getByRole('heading', { name: `Claim ${claim.claimNumber}` })).toBeVisible();
  await expect(phone.getByText('2021 Ram ProMaster · Unit S-')).toBeVisible();
  await expect(phone.getByText('Driver door dented in the depot yard')).toBeVisible();
  expect(await seriousAxeViolations(phone)).toEqual([]);

  await phone.getByLabel('Note with the move (optional)').fill('Van is on our lot');
  await phone.getByRole('button', { name: 'Awaiting estimate' }).click();
  await expectToast(phone, 'Claim moved to Awaiting estimate', 'The fleet is told.');
  await expect(phone.getByText('Nothing to move from Awaiting estimate through this link')).toBeVisible();

  await phone.getByLabel('ETA').fill('2026-12-18');
  await phone.getByRole('button', { name: 'Save ETA' }).click();
  await expectToast(phone, 'ETA saved');
  await phone.getByLabel('ETA').fill('2026-12-22');
  await phone.getByRole('button', { name: 'Save ETA' }).click();
  await expect(phone.getByText('Say why the ETA moves later')).toBeVisible();
  await phone.getByLabel('Why it moves later').fill('Door shell back-ordered');
  await phone.getByRole('button', { name: 'Save ETA' }).click();
  await expectToast(phone, 'ETA saved');

  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b91c1c' } })
    .jpeg()
    .toBuffer();
  await phone
    .getByLabel('Choose photos or the estimate to add')
    .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectToast(phone, 'File added', 'door.jpg is on the claim.');
  await expect(
    phone.getByRole('list', { name: 'Files on the claim' }).getByRole('img', { name: 'door.jpg' }),
  ).toBeVisible();

  await phone.getByLabel('Note', { exact: true }).fill('Frame is straight');
  await phone.getByRole('button', { name: 'Post note' }).click();
  await expectToast(phone, 'Note posted');

  // The claim page names the shop; the manager was told.
  await page.reload();
  await expect(page.getByText(`by ${via}`).first()).toBeVisible({ timeout: 30_000 });
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes).toContainText('ETA moved from Dec 18, 2026 to Dec 22, 2026: Door shell back-ordered');
  await expect(notes).toContainText('Frame is straight');
  await expect(notes).toContainText(via);
  const told = (await (await page.request.get('/api/notifications')).json()) as {
    title: string;
  }[];
  expect(told.map((item) => item.title)).toEqual(
    expect.arrayContaining([
      `${claim.claimNumber} is now Awaiting estimate`,
      `${claim.claimNumber}: a note from ${shopName}`,
    ]),
  );

  // Revoked, the link says so.
  await page.getByRole('button', { name: 'Shop link' }).click();
  const links = page.getByRole('dialog').getByRole('list', { name: 'Shop links' });
  await expect(links).toContainText('5 updates');
  await links.getByRole('button', { name: `Revoke the shop link for ${desk}` }).click();
  await expectToast(page, 'Shop link revoked');
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(phone.getByText(SHOP_LINK_REVOKED_MESSAGE)).toBeVisible();
  await visitor.close();
});
