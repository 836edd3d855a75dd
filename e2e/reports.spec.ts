import fs from 'node:fs/promises';
import type { PlaywrightWorkerArgs } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, signIn, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { createClaim, createCompany, createReadyUser, isoDay, signedInApi } from './support/api';

/** A company of its own with a manager, a viewer and two claims reported today (a collision, a mechanical). */
async function reportFleet(playwright: PlaywrightWorkerArgs['playwright'], name: string) {
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, name);
  const manager = await createReadyUser(playwright, admin, {
    firstName: 'Rita',
    lastName: 'Reports',
    role: 'manager',
    companyIds: [company.id],
  });
  const viewer = await createReadyUser(playwright, admin, {
    firstName: 'Vic',
    lastName: 'Viewer',
    role: 'viewer',
    companyIds: [company.id],
  });
  const api = await signedInApi(playwright, manager.username, manager.password);
  await createClaim(api, company.id, {
    drivable: false,
    eta: isoDay(-1),
    description: 'Rear bumper crushed',
  });
  await createClaim(api, company.id, {
    workflow: 'mechanical',
    description: 'Transmission slipping',
    drivable: true,
  });
  await api.dispose();
  return { admin, company, manager, viewer };
}

test('a filter changes the report and the address; a section downloads as CSV and the page as a PDF', async ({
  page,
  playwright,
  adminReady: _ready,
}) => {
  const { admin, manager } = await reportFleet(playwright, 'Report Fleet');
  await admin.dispose();
  await signIn(page, manager.username, manager.password, '/reports');
  const volume = page.getByRole('region', { name: 'Claim volume' });
  const headline = page.getByRole('region', { name: 'Headline figures' });
  // The route's chunk carries the charts: on a busy machine it takes a while the first time.
  await expect(headline.getByRole('link', { name: '2', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(volume.locator('svg.recharts-surface').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Workflow' }).click();
  await page.getByRole('option', { name: 'Mechanical' }).click();
  await expect(page).toHaveURL(/workflow=mechanical/);
  await expect(headline.getByRole('link', { name: '1', exact: true })).toBeVisible();
  await expect(volume.getByRole('columnheader', { name: 'Collision' })).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    volume.getByRole('button', { name: 'Download Claim volume as CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('report-volume.csv');
  const rows = (await fs.readFile(await csv.path(), 'utf8')).trim().split('\r\n');
  expect(rows[0]).toBe('Week of,Claims,Collision,Mechanical,Still open,Finished');
  // One row per week of the last 90 days, the weeks without claims too.
  const counts = rows.slice(1).map((row) => row.split(',').slice(1).join(','));
  expect(counts.length).toBeGreaterThanOrEqual(13);
  expect(counts.filter((row) => row !== '0,0,0,0,0')).toEqual(['1,0,1,1,0']);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^fleetclaims-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const document = await getDocumentProxy(new Uint8Array(await fs.readFile(await pdf.path())));
  const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain('FleetClaims report');
  expect(text).toContain('Mechanical');
  expect(text).toContain('Repair facility scorecard');

  // A bar of the chart opens the claims it counts, as its table's figure does (the mouse's way; the table is
  // the keyboard's), also where the open and finished lines cross it.
  const bar = volume.locator('.recharts-bar-rectangle path[fill="var(--color-mechanical)"]').first();
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 2);
  await expect(page).toHaveURL(/\/vehicles\?.*workflow=mechanical/);
  await expect(page.getByText('1 claim', { exact: true })).toBeVisible();
});

test('the Fleet Dashboard opens for a viewer of the chosen company and refuses one outside it', async ({
  page,
  playwright,
  adminReady: _ready,
}) => {
  const { admin, company, viewer } = await reportFleet(playwright, 'Chosen Fleet');
  const other = await reportFleet(playwright, 'Other Fleet');
  await other.admin.dispose();
  const saved = await admin.put('/api/settings', { data: { fleetDashboardCompanyId: company.id } });
  expect(saved.ok(), await saved.text()).toBe(true);
  try {
    await signIn(page, viewer.username, viewer.password, '/fleet-dashboard');
    const down = page.getByRole('region', { name: 'Vehicles down now' });
    await expect(down.getByRole('cell', { name: /overdue/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Chosen Fleet.* on \w+day/)).toBeVisible();

    const outsider = await signedInApi(playwright, other.viewer.username, other.viewer.password);
    const refused = await outsider.get('/api/fleet-dashboard');
    expect(refused.status()).toBe(403);
    await outsider.dispose();
    await page.context().clearCookies();
    await signIn(page, other.viewer.username, other.viewer.password, '/fleet-dashboard');
    await expect(page.getByText('You cannot open the Fleet Dashboard of this company')).toBeVisible();
  } finally {
    await admin.put('/api/settings', { data: { fleetDashboardCompanyId: null } });
    await admin.dispose();
  }
});

test('"Email me this report" saves the filters as a subscription, listed on the page until cancelled', async ({
  page,
  playwright,
  adminReady: _ready,
}) => {
  const { admin, manager } = await reportFleet(playwright, 'Subscribed Fleet');
  await admin.dispose();
  await signIn(page, manager.username, manager.password, '/reports?range=last_30_days&workflow=mechanical');
  await page.getByRole('button', { name: 'Email me this report' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Email me this report' });
  await expect(dialog).toContainText('Last 30 days by reported date · all your companies · Mechanical');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Mechanical, monthly');
  await dialog.getByRole('radio', { name: /Monthly/ }).check();
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('region', { name: 'My report subscriptions' });
  const item = list.getByRole('listitem', { name: 'Mechanical, monthly' });
  await expect(item).toContainText('The 1st of each month at 6:00');
  await item.getByRole('button', { name: 'Deliveries' }).click();
  await expect(item).toContainText('Nothing sent yet: the first report comes the 1st of each month at 6:00.');

  // Saved on the server: a reload lists it; cancelling removes it.
  await page.reload();
  await list.getByRole('button', { name: 'Cancel Mechanical, monthly' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel this subscription?' })
    .getByRole('button', { name: 'Cancel subscription' })
    .click();
  await expect(list).toBeHidden();
});
