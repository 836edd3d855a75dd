import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { CLAIM_PACK_REVOKED_MESSAGE } from '../src/shared/claim-pack';
import { expect, test } from './fixtures';
import { createClaim, createCompany, isoDay, unique } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { expectToast } from './support/toast';

/**
 * The claim pack for an insurer (issue 32): it is sent from the claim page; the adjuster, with no account,
 * opens the mailed link on a phone and downloads one ZIP of the claim's PDF and its photo; once the manager revokes
 * the link, it says so.
 */
test('the claim pack is sent from the claim page; the adjuster downloads it by the mailed link until it is revoked', async ({
  page,
  loginAsAdmin,
  browser,
  mailbox,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(null);
  const tag = unique();
  const company = await createCompany(page.request, 'Pack Fleet', { name: `Pack Fleet ${tag}` });
  const claim = await createClaim(page.request, company.id, {
    description: 'Rear-ended at the depot gate',
    lossDate: isoDay(-1),
    insurer: 'Harbor Mutual',
    vehicle: { unitNumber: `P-${tag}`, make: 'Ford', model: 'Transit' },
  });
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2563eb' } })
    .jpeg()
    .toBuffer();
  const uploaded = await page.request.post(`/api/vehicles/${claim.id}/attachments`, {
    multipart: { file: { name: 'rear bumper.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  // Sent from the claim page.
  const adjuster = `adjuster-${tag}@harbor.example`.toLowerCase();
  await page.goto(`/vehicles/${claim.id}`);
  await page.getByRole('button', { name: 'Send to adjuster' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Send the claim pack' });
  await dialog.getByLabel('Adjuster’s email').fill(adjuster);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expectToast(page, 'Claim pack sent', `A download link went to ${adjuster}.`);
  const path = await mailbox.waitFor(adjuster, /https?:\/\/[^/\s]+(\/claim-packs\/[A-Za-z0-9_-]+)/, 30_000);

  // The adjuster, signed out, on a phone.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  await phone.goto(path);
  await expect(phone.getByRole('heading', { name: `Claim ${claim.claimNumber}` })).toBeVisible();
  await expect(phone.getByText(`Pack Fleet ${tag} · 2022 Ford Transit · Unit P-${tag}`)).toBeVisible();
  expect(await seriousAxeViolations(phone)).toEqual([]);
  const [download] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('link', { name: 'Download the claim pack' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${claim.claimNumber} claim pack.zip`);
  const zip = await buffer(await download.createReadStream());
  const entries = Object.keys(unzipSync(new Uint8Array(zip)));
  expect(entries[0]).toBe(`${claim.claimNumber}/${claim.claimNumber} claim report.pdf`);
  expect(entries[1]).toMatch(
    new RegExp(`^${claim.claimNumber}/photos/01 \\d{4}-\\d{2}-\\d{2} rear bumper\\.jpg$`),
  );

  // The claim page lists the link and revokes it; the adjuster's page then says so.
  const sent = dialog.getByRole('list', { name: 'Links sent' });
  await expect(sent).toContainText(adjuster);
  await sent.getByRole('button', { name: `Revoke the link sent to ${adjuster}` }).click();
  await expectToast(page, 'Link revoked');
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(phone.getByText(CLAIM_PACK_REVOKED_MESSAGE)).toBeVisible();
  await visitor.close();
});
