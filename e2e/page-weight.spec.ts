import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const webRoot = path.resolve(import.meta.dirname, '../dist/web');
/** Issue 18: the login route under 150 KB of gzipped JavaScript (it was 229 KB). */
const LOGIN_ROUTE_SCRIPT_BUDGET_BYTES = 150 * 1024;

/** The script files the page has fetched so far (entry, preloads, lazy chunks), by path. */
async function scriptsLoaded(page: Page) {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  return urls.map((url) => new URL(url).pathname);
}

/** What those files weigh gzipped, as the server sends them (the built files, compressed at gzip's default). */
const gzipBytes = (paths: string[]) =>
  paths.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(webRoot, file))).length, 0);

test('the login page draws with less JavaScript than its budget, without the signed-in app or zod', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  const scripts = await scriptsLoaded(page);
  const bytes = gzipBytes(scripts);
  console.log(`login route: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB gzip`);
  expect(bytes).toBeLessThan(LOGIN_ROUTE_SCRIPT_BUDGET_BYTES);
  expect(scripts.filter((file) => /signed-in-shell|login-resolver/.test(file))).toEqual([]);

  // The form's validation (zod) arrives once the user starts typing, and then works as before.
  await page.getByLabel('Username').focus();
  await expect
    .poll(async () => (await scriptsLoaded(page)).some((file) => file.includes('login-resolver')))
    .toBe(true);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
});
