import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { createClaim, createCompany, signedInApi } from './support/api';

type Box = { x: number; y: number; width: number; height: number };

const intersection = (a: Box, b: Box): Box | null => {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
};

/** Two frames on: the page has read the last scroll (its menu strip makes way or comes back). */
async function settled(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The menu button's box as the page stands: below the window while its strip makes way on scrolling down. */
async function menuButtonBox(page: Page) {
  await settled(page);
  return (await page.getByRole('button', { name: 'Open navigation' }).boundingBox())!;
}

/** The page's scrolling area (the parent of <main>), scrolled to its top or bottom. */
async function scrollTo(page: Page, where: 'top' | 'bottom') {
  const scroller = page.locator('main').locator('..');
  await scroller.evaluate((element, end) => {
    element.scrollTop = end === 'top' ? 0 : element.scrollHeight;
  }, where);
  await settled(page);
  // At the bottom as the area is now: the strip making way makes the area taller.
  const atEnd = (end: 'top' | 'bottom') =>
    scroller.evaluate(
      (element, to) =>
        to === 'top'
          ? element.scrollTop === 0
          : element.scrollTop >= element.scrollHeight - element.clientHeight - 1,
      end,
    );
  await expect.poll(() => atEnd(where)).toBe(true);
  return scroller;
}

/** Every element of `targets` that shows (inside the scrolling area) stays clear of the menu button. */
async function expectClearOfMenuButton(page: Page, targets: Locator, where: 'top' | 'bottom') {
  const scroller = await scrollTo(page, where);
  const button = await menuButtonBox(page);
  const area = (await scroller.boundingBox())!;
  let seen = 0;
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    const shown = box && intersection(box, area);
    if (!shown) continue;
    seen += 1;
    const name = (await target.textContent())?.trim().slice(0, 40);
    expect(intersection(shown, button), `"${name}" under the menu button at the ${where}`).toBeNull();
  }
  return seen;
}

/**
 * Between the top and the bottom: each target in turn is scrolled as far as the page lets it towards the
 * menu button's height, and what shows of it must still be clear of the button.
 */
async function expectNeverUnderMenuButton(page: Page, targets: Locator) {
  const scroller = page.locator('main').locator('..');
  const button = (await page.getByRole('button', { name: 'Open navigation' }).boundingBox())!;
  const count = await targets.count();
  expect(count).toBeGreaterThan(2);
  for (let index = 0; index < count; index += 1) {
    const target = targets.nth(index);
    const before = (await target.boundingBox())!;
    await scroller.evaluate((element, by) => {
      element.scrollTop += by;
    }, before.y - button.y);
    // Scrolling by scrollTop is immediate (no smooth scrolling); the button and the area are read once the
    // page has seen the scroll (scrolling down, the strip and its button make way).
    const now = await menuButtonBox(page);
    const area = (await scroller.boundingBox())!;
    const box = await target.boundingBox();
    const shown = box && intersection(box, area);
    if (!shown) continue;
    const name = (await target.textContent())?.trim().slice(0, 40);
    expect(intersection(shown, now), `"${name}" scrolled under the menu button`).toBeNull();
  }
}

test.describe('below 768 px', () => {
  // The menu strip moves at once, without its animation, so each box read is where it stays.
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  test('the floating menu button covers no move button, claim number or heading at the top or bottom', async ({
    page,
    loginAsAdmin,
    playwright,
  }) => {
    const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
    const company = await createCompany(admin, 'Mobile Layout Fleet');
    const claim = await createClaim(admin, company.id);
    await admin.dispose();

    await loginAsAdmin(`/vehicles/${claim.id}`);
    await expect(page.getByRole('heading', { level: 1, name: claim.claimNumber })).toBeVisible({
      timeout: 20_000,
    });
    const moveButtons = page.getByRole('group', { name: 'Move to' }).getByRole('button');
    await expect(moveButtons.first()).toBeVisible();
    const targets = page.locator('main').locator('h1, h2, h3, [role=group][aria-label="Move to"] button');
    expect(await expectClearOfMenuButton(page, targets, 'top')).toBeGreaterThan(1);
    expect(await expectClearOfMenuButton(page, targets, 'bottom')).toBeGreaterThan(0);
    await expectNeverUnderMenuButton(page, targets);
    await page.screenshot({ path: 'test-results/mobile-claim-bottom.png' });

    // The claims list too: its claim numbers stay clear at the top and the bottom.
    await page.goto('/vehicles');
    const numbers = page.locator('main').getByText(/^CLM-\d{6}$/);
    await expect(numbers.first()).toBeVisible();
    const listTargets = page.locator('main').locator('h1, h2').or(numbers);
    expect(await expectClearOfMenuButton(page, listTargets, 'top')).toBeGreaterThan(1);
    await expectClearOfMenuButton(page, listTargets, 'bottom');
    await page.screenshot({ path: 'test-results/mobile-list-bottom.png' });
  });
});
