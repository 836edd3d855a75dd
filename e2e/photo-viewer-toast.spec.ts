import sharp from 'sharp';
import { expect, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { createClaim, createCompany, signedInApi } from './support/api';

for (const viewport of [
  { width: 1400, height: 760 },
  { width: 700, height: 900 },
]) {
  test(`at ${viewport.width} px the photo viewer's Download stays clickable while a toast shows`, async ({
    page,
    loginAsAdmin,
    playwright,
  }) => {
    await page.setViewportSize(viewport);
    const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
    const company = await createCompany(admin, 'Photo Viewer Fleet');
    const claim = await createClaim(admin, company.id);
    await admin.dispose();

    await loginAsAdmin(`/vehicles/${claim.id}`);
    const attachments = page.getByRole('region', { name: 'Attachments' });
    await expect(attachments.getByText('No files yet.')).toBeVisible({ timeout: 20_000 });
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Choose files to attach').setInputFiles({
      name: 'DENT_0042.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    const toast = page.locator('[data-slot=toast]').filter({ hasText: 'File added' }).last();
    await expect(toast).toBeVisible();
    // Hovering the toast pauses its timer, so it is still there while the viewer opens.
    await toast.hover();
    await attachments.getByRole('button', { name: 'Open DENT_0042.jpg' }).click();
    const viewer = page.getByRole('dialog', { name: 'DENT_0042.jpg' });
    await expect(viewer).toContainText('Photo 1 of 1');
    await expect(toast).toBeVisible();
    // The modal lets clicks through the toast, so the check is what the user sees: the toast's box is clear
    // of Download's, and Download is still clickable.
    const download = viewer.getByRole('link', { name: 'Download' });
    const [button, covering] = [(await download.boundingBox())!, (await toast.boundingBox())!];
    const overlaps =
      button.x < covering.x + covering.width &&
      covering.x < button.x + button.width &&
      button.y < covering.y + covering.height &&
      covering.y < button.y + button.height;
    expect(overlaps, 'the toast covers Download').toBe(false);
    await download.click({ trial: true, timeout: 3000 });
    await page.screenshot({ path: `test-results/photo-viewer-toast-${viewport.width}.png` });
  });
}
