import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../scripts/seed-demo-fleet';
import { expect, loginThroughForm, test } from './fixtures';
import { checkScreens } from './support/axe';
import { freshDataDir, startFreshServer } from './support/fresh-server';
import { openInApp } from './support/navigation';

/**
 * The app as a fleet manager first sees it with `npm run seed:demo` (issue 31): 400 claims over two years in four
 * companies. Every screen whose look depends on how much data there is has no serious or critical axe violation,
 * and All Claims, the Claim Manager and the bell are photographed at the spec's three widths — the PNGs are this
 * test's artefacts (test-results/demo-data-*), to look at when a screen changes.
 */

const WIDTHS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];

async function photograph(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('with the demo data, every busy screen passes axe, and All Claims, the Claim Manager and the bell fit each width', async ({
  browser,
}) => {
  // Seeding, a server's first start and nine screens under axe: 2-4 minutes on the busy two-core machine.
  test.setTimeout(480_000);
  const dataDir = freshDataDir();
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--claims', '400'],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  const server = await startFreshServer({ dataDir });
  // A browser of the demo server's own: relative addresses go to it.
  const context = await browser.newContext({ baseURL: server.url, viewport: WIDTHS[0]! });
  const page = await context.newPage();
  try {
    await loginThroughForm(page, 'alex.admin', DEMO_PASSWORD);
    await expect(page).toHaveURL(`${server.url}/`);
    const [claim] = (await (await page.request.get('/api/vehicles?pageSize=1')).json()).items as {
      id: string;
    }[];
    const screens = [
      '/',
      '/vehicles',
      `/vehicles/${claim!.id}`,
      '/claim-manager',
      '/fleet-dashboard',
      '/reports',
      '/notifications',
      '/admin/accounts-receivable',
      '/admin/accounts-receivable?tab=aging',
    ];
    expect(await checkScreens(page, screens)).toEqual([]);

    for (const size of WIDTHS) {
      // Each width's screens are opened in the app, as a user at that width goes from one to the next.
      await page.setViewportSize(size);
      await openInApp(page, '/vehicles');
      await expect(page.getByRole('heading', { level: 1, name: 'All Claims' })).toBeVisible();
      await expect(page.getByText(/^CLM-\d{6}$/).first()).toBeVisible();
      await photograph(page, `all-claims-${size.width}`);

      await openInApp(page, '/claim-manager');
      await expect(page.getByRole('heading', { name: 'Claim Manager' })).toBeVisible();
      await expect(page.getByText(/^CLM-\d{6}$/).first()).toBeVisible();
      await photograph(page, `claim-manager-${size.width}`);

      const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
      await bell.click();
      const list = page.getByRole('dialog', { name: 'Notifications' });
      await expect(list.locator('[data-slot="skeleton"]')).toHaveCount(0);
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await photograph(page, `bell-${size.width}`);
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
    }
  } finally {
    await context.close();
    await server.stop();
  }
});
