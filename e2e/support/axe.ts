import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

/** axe-core on the page as it is: the serious and critical violations, one line each (rule: elements). */
export async function seriousAxeViolations(
  page: Page,
  { experimental = false }: { experimental?: boolean } = {},
): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself; the default finishes each run in a new blank page, which cost
  // a second or two a screen on the busy two-core machine. Our screens have no cross-origin frames to gather.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  // label-content-name-mismatch (WCAG 2.5.3: a control's name contains its visible text) is off by default.
  if (experimental) builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, screen = page.url()) {
  expect(await seriousAxeViolations(page), screen).toEqual([]);
}

/**
 * Waits until the screen shows its data, as a user sees it: its heading or main region drawn, no API request of
 * the page still open, then nothing busy, no skeleton, no spinner of a route loading. (Not `networkidle`: it once
 * never came on a page whose requests had all finished, the first test on a freshly started server.)
 */
async function settled(page: Page, openApiRequests: () => number) {
  await expect(page.locator('h1, main').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(openApiRequests, { timeout: 30_000 }).toBe(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
  // A control enabled by the data that just arrived fades in from half opacity (the button's transition):
  // measured mid-fade, its contrast once failed. Wait for every finite transition and animation to end.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** Opens each path in turn and answers every serious or critical violation found, as `path → rule: elements`. */
export async function checkScreens(page: Page, paths: string[]) {
  const open = new Set<Request>();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => isApi(request) && open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settled(page, () => open.size);
    for (const violation of await seriousAxeViolations(page, { experimental: true }))
      failures.push(`${path} → ${violation}`);
  }
  return failures;
}
