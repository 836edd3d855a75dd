import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the page as it is: the serious and critical violations, one line each (rule: elements). */
export async function seriousAxeViolations(
  page: Page,
  { experimental = false }: { experimental?: boolean } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page });
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
