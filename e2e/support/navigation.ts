import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` in the app already loaded, as its links do: the History API, which the router follows (wouter's
 * browser location listens for pushState and renders at once, not in a transition). No second load of the app: a
 * page load cost Chromium 0.9-1.5 s of CPU on the idle machine. After two frames the router has drawn what comes next:
 * the screen, or the spinner of its code loading — every Suspense fallback marks itself `aria-busy`, so a check that
 * waits for nothing busy (the accessibility check's `settled`) waits for the screen.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate(async (to) => {
    history.pushState(null, '', to);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
  await expect(page).toHaveURL(new URL(path, page.url()).href);
}
