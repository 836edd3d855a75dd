import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` in the app already loaded, as its links do: the History API, which the router follows (wouter's
 * browser location listens for pushState). No second load of the app: a page load cost Chromium 0.9-1.5 s of CPU on
 * the idle machine. Waits two frames, by which the router has drawn the new screen, and for the address.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate(async (to) => {
    history.pushState(null, '', to);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
  await expect(page).toHaveURL(new URL(path, page.url()).href);
}
