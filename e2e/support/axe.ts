import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

/** One serious or critical violation of axe's report, as `rule: elements`. */
type AxeFinding = { line: string; detached: boolean };

async function seriousFindings(page: Page, experimental: boolean): Promise<AxeFinding[]> {
  // Legacy mode runs axe.run in the page itself; the default finishes each run in a new blank page, which cost
  // a second or two a screen on the busy two-core machine. Our screens have no cross-origin frames to gather.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  // label-content-name-mismatch (WCAG 2.5.3: a control's name contains its visible text) is off by default.
  if (experimental) builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => {
      // axe names an element `:root` when it can no longer build a selector for it: React replaced the element
      // between the check and the report (the document's own element is `html`). Its markup says what it was.
      const detached = violation.nodes.some((node) => node.target.join(' ') === ':root');
      const elements = violation.nodes.map((node) =>
        node.target.join(' ') === ':root' ? `:root (${node.html.slice(0, 160)})` : node.target.join(' '),
      );
      return { line: `${violation.id}: ${elements.join(', ')}`, detached };
    });
}

/**
 * axe-core on the page as it is: the serious and critical violations, one line each (rule: elements). A finding
 * on an element the page replaced while axe ran (once, on the busy CI machine: `scrollable-region-focusable:
 * :root` on All Claims) describes a screen no user saw; the page is checked again once it is still, and what that
 * check finds is the answer.
 */
export async function seriousAxeViolations(
  page: Page,
  { experimental = false }: { experimental?: boolean } = {},
): Promise<string[]> {
  let findings = await seriousFindings(page, experimental);
  if (findings.some((finding) => finding.detached)) {
    await stillAnimations(page);
    findings = await seriousFindings(page, experimental);
  }
  return findings.map((finding) => finding.line);
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
  await stillAnimations(page);
}

/**
 * A control enabled by the data that just arrived fades in from half opacity (the button's transition): measured
 * mid-fade, its contrast once failed. Waits for every finite transition and animation to end.
 */
async function stillAnimations(page: Page) {
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
