import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type Page, type Request } from '@playwright/test';
import { openInApp } from './navigation';

/** axe-core's minified build, put into a frame once per document. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; nodes: { target: string; html: string }[] };

/**
 * axe.run in the page, answering only what a finding needs. Not @axe-core/playwright: its same-origin mode evaluated
 * the 1.3 MB source twice per check and sent back every passing node's HTML and selector, 1.5-3.8 s a screen for an
 * audit axe timed at 0.3-0.8 s (2026-11-29). axe goes into each frame that has none yet (a frame that cannot run
 * scripts, the sandboxed e-mail preview, is reported by axe's frame-tested check, as before).
 */
async function runAxe(page: Page, options: RunOptions): Promise<Violation[]> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  return page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, o: RunOptions) => Promise<AxeResults> };
    };
    const results = await axe.run(document, runOptions);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html })),
    }));
  }, options);
}

/** The serious and critical violations of axe's report, one line each: `rule: elements`. */
async function seriousFindings(page: Page, experimental: boolean): Promise<string[]> {
  const violations = await runAxe(page, {
    // Only violations are gathered in full: passes and inapplicable rules keep one node each (axe's advice for
    // large pages), so no selector is built for every passing element.
    resultTypes: ['violations'],
    // label-content-name-mismatch (WCAG 2.5.3: a control's name contains its visible text) is off by default.
    ...(experimental ? { rules: { 'label-content-name-mismatch': { enabled: true } } } : {}),
  });
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => {
      // axe names an element `:root` when it can no longer build a selector for it: React replaced the element
      // between the check and the report (the document's own element is `html`). Its markup says what it was.
      const elements = violation.nodes.map((node) =>
        node.target === ':root' ? `:root (${node.html.slice(0, 160)})` : node.target,
      );
      return `${violation.id}: ${elements.join(', ')}`;
    });
}

/**
 * axe-core on the page as it is: the serious and critical violations, one line each (rule: elements). A finding
 * can describe a screen no user saw at rest: an element the page replaced while axe ran (once, on the busy CI
 * machine: `scrollable-region-focusable: :root` on All Claims), or a button caught fading in from half opacity
 * because the data that enables it was drawn just after the screen had settled (once: `color-contrast` on the CCC
 * inbox's Scan button, 2026-11-29). So a finding is checked again once the page is still, and what that check
 * finds is the answer: a violation that holds is reported either way.
 */
export async function seriousAxeViolations(
  page: Page,
  { experimental = false }: { experimental?: boolean } = {},
): Promise<string[]> {
  let findings = await seriousFindings(page, experimental);
  if (findings.length > 0) {
    await stillAnimations(page);
    findings = await seriousFindings(page, experimental);
  }
  return findings;
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, screen = page.url()) {
  expect(await seriousAxeViolations(page), screen).toEqual([]);
}

/**
 * Waits until the screen shows its data, as a user sees it: its heading or main region drawn, no API request of
 * the page still open, then nothing busy (a route's code loading shows a spinner marked busy), no loading spinner,
 * no skeleton. (Not `networkidle`: it once never came on a page whose requests had all finished, the first test on
 * a freshly started server.)
 */
async function settled(page: Page, openApiRequests: () => number) {
  await expect(page.locator('h1, main').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(openApiRequests, { timeout: 30_000 }).toBe(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
  await stillAnimations(page);
}

/**
 * A control enabled by the data that just arrived fades in from half opacity (the button's transition): measured
 * mid-fade, its contrast once failed. Waits for every finite transition and animation to end.
 */
async function stillAnimations(page: Page) {
  await page.evaluate(async () => {
    // Two frames first: a style the last render changed has started its transition by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    );
  });
}

/**
 * Opens each path in turn and answers every serious or critical violation found, as `path → rule: elements`. The
 * first path is loaded; the others are opened in the app as a link does (the History API, which the router follows),
 * so each screen is checked as a user reaches it, without loading the app and axe's 1.3 MB again per screen: a page
 * load cost Chromium 0.9-1.5 s of CPU on the idle machine.
 */
export async function checkScreens(page: Page, paths: string[]) {
  const open = new Set<Request>();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => isApi(request) && open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  const failures: string[] = [];
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(path);
    else await openInApp(page, path);
    await settled(page, () => open.size);
    for (const violation of await seriousAxeViolations(page, { experimental: true }))
      failures.push(`${path} → ${violation}`);
  }
  return failures;
}
