import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { ADMIN_PASSWORD } from './support/env';
import { expectToast } from './support/toast';
import { createClaim, createCompany, createReadyUser, signedInApi, type CreatedClaim } from './support/api';

type Claim = CreatedClaim;

/**
 * A company of its own with three reported collision claims and a manager linked to it (password already
 * chosen), made through the API as the admin (the `adminReady` fixture has set its password). The board is
 * then filtered to that company.
 */
async function companyWithClaims(playwright: PlaywrightWorkerArgs['playwright']) {
  const admin = await signedInApi(playwright, 'admin', ADMIN_PASSWORD);
  const company = await createCompany(admin, 'Board Fleet');
  const { username, password } = await createReadyUser(playwright, admin, {
    firstName: 'Bea',
    lastName: 'Board',
    role: 'manager',
    companyIds: [company.id],
  });
  const claims: Claim[] = [];
  for (let i = 0; i < 3; i++) {
    claims.push(
      await createClaim(admin, company.id, {
        description: 'Side mirror knocked off in the yard',
        vehicle: { year: 2021, make: 'Ram', model: 'ProMaster 2500' },
      }),
    );
  }
  return { admin, company, claims, username, password };
}

/** The first view of the board waits longer: the screen's code loads on first use, slowly on a busy machine. */
const FIRST_VIEW = { timeout: 15_000 };

const column = (page: Page, status: string) => page.locator(`[data-column="${status}"]`);
const card = (page: Page, claim: Claim) => page.locator(`[data-card="${claim.id}"]`);

async function statusOf(api: APIRequestContext, claim: Claim) {
  return ((await (await api.get(`/api/vehicles/${claim.id}`)).json()) as Claim).status;
}

/**
 * Presses the mouse on a card and moves it, in steps (dnd-kit needs pointer movement), over the left part of a
 * column. The column must be in view: near the board's right edge dnd-kit scrolls the board, and the pointer
 * would end over another column.
 */
async function dragOver(page: Page, claim: Claim, status: string) {
  const from = (await card(page, claim).boundingBox())!;
  await page.mouse.move(from.x + 30, from.y + from.height / 2);
  await page.mouse.down();
  const to = (await column(page, status).boundingBox())!;
  await page.mouse.move(to.x + 40, to.y + 160, { steps: 15 });
}

test.describe('claim manager', () => {
  test('a manager drags a card to an allowed column; a column it may not go to refuses it', async ({
    page,
    playwright,
    adminReady: _ready,
  }) => {
    const { admin, company, claims, username, password } = await companyWithClaims(playwright);
    const [first, second] = claims as [Claim, Claim];

    await signIn(page, username, password, `/claim-manager?companyId=${company.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Manager' })).toBeVisible(FIRST_VIEW);
    await expect(card(page, first)).toBeVisible(FIRST_VIEW);
    await expect(column(page, 'reported').getByRole('heading', { name: 'Reported' })).toBeVisible();
    await expect(column(page, 'reported')).toContainText('3 claims');

    // While dragging, the next step takes the card and the others say they do not.
    await dragOver(page, first, 'estimate_pending');
    await expect(column(page, 'estimate_pending')).toHaveAttribute('data-drop', 'allowed');
    await expect(column(page, 'approved')).toHaveAttribute('data-drop', 'refused');
    await expect(column(page, 'approved')).toContainText(`${first.claimNumber} cannot move here`);
    await expect(page.locator('[data-finish="cancelled"]')).toBeVisible();
    await page.mouse.up();

    await expect(card(page, first)).toHaveCount(1);
    await expect(column(page, 'estimate_pending').locator(`[data-card="${first.id}"]`)).toBeVisible();
    await expect(column(page, 'estimate_pending')).toContainText('1 claim');
    await expect(column(page, 'reported')).toContainText('2 claims');
    await expect.poll(() => statusOf(admin, first)).toBe('estimate_pending');
    // The drag did not open the claim.
    await expect(page).toHaveURL(/\/claim-manager/);

    // The drop says what it did, and Undo takes it back: a move of its own, on the server.
    await expectToast(page, 'Claim moved', `${first.claimNumber} went from Reported to Awaiting estimate.`);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Move undone', `${first.claimNumber} is back in Reported.`);
    await expect(column(page, 'reported').locator(`[data-card="${first.id}"]`)).toBeVisible();
    await expect.poll(() => statusOf(admin, first)).toBe('reported');
    // Without claims, Awaiting estimate is a narrow strip again.
    await expect(column(page, 'estimate_pending')).toHaveAttribute('data-collapsed', 'true');
    expect((await column(page, 'estimate_pending').boundingBox())!.width).toBeLessThan(80);

    // Estimate in review is not a move from Reported: the drop is refused and nothing changes.
    await dragOver(page, second, 'estimate_review');
    await expect(column(page, 'estimate_review')).toHaveAttribute('data-drop', 'refused');
    await page.mouse.up();
    await expect(column(page, 'estimate_review')).not.toHaveAttribute('data-drop');
    await expect(column(page, 'reported').locator(`[data-card="${second.id}"]`)).toBeVisible();
    await expect(column(page, 'estimate_review')).toContainText('No claims');
    expect(await statusOf(admin, second)).toBe('reported');

    // A click (no drag) still opens the claim.
    await card(page, second).getByRole('link', { name: second.claimNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${second.id}$`));
    await admin.dispose();
  });

  test('a card moves with the keyboard alone, and the move is announced', async ({
    page,
    playwright,
    adminReady: _ready,
  }) => {
    const { admin, company, claims, username, password } = await companyWithClaims(playwright);
    const third = claims[2]!;

    await signIn(page, username, password, `/claim-manager?companyId=${company.id}`);
    const handle = page.getByRole('button', { name: `Drag ${third.claimNumber}` });
    await expect(handle).toBeVisible(FIRST_VIEW);

    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByText(
        `Picked up ${third.claimNumber} in Reported. It can move right to Awaiting estimate, On hold and Cancelled.`,
      ),
    ).toBeAttached();
    // → steps through exactly the moves it allows, on to Cancelled in the bar at the foot of the screen.
    for (const over of [
      'Awaiting estimate.',
      'On hold.',
      'Cancelled: dropping it there takes the claim off the board.',
    ]) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByText(`${third.claimNumber} is over ${over}`)).toBeAttached();
    }
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`${third.claimNumber} is over On hold.`)).toBeAttached();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`${third.claimNumber} is over Awaiting estimate.`)).toBeAttached();
    await expect(column(page, 'estimate_pending')).toHaveAttribute('data-drop', 'allowed');
    await page.keyboard.press('Space');
    await expect(page.getByText(`${third.claimNumber} moved to Awaiting estimate.`)).toBeAttached();

    await expect(column(page, 'estimate_pending').locator(`[data-card="${third.id}"]`)).toBeVisible();
    await expect.poll(() => statusOf(admin, third)).toBe('estimate_pending');
    // The focus follows the card to its new column, ready for the next move.
    await expect(page.getByRole('button', { name: `Drag ${third.claimNumber}` })).toBeFocused();

    // The same move from the card's menu: on to Estimate in review.
    await page.getByRole('button', { name: `Move ${third.claimNumber} to…` }).click();
    await page.getByRole('menuitem', { name: 'Estimate in review' }).click();
    await expect(column(page, 'estimate_review').locator(`[data-card="${third.id}"]`)).toBeVisible();
    await expect.poll(() => statusOf(admin, third)).toBe('estimate_review');
    await admin.dispose();
  });

  test('a viewer sees the board read-only', async ({ page, playwright, adminReady: _ready }) => {
    const { admin, company, claims } = await companyWithClaims(playwright);
    const viewer = await createReadyUser(playwright, admin, {
      firstName: 'Vic',
      lastName: 'Viewer',
      role: 'viewer',
      companyIds: [company.id],
    });

    await signIn(page, viewer.username, viewer.password, `/claim-manager?companyId=${company.id}`);
    const first = claims[0]!;
    await expect(card(page, first)).toBeVisible(FIRST_VIEW);

    // On a narrow screen the columns out of sight are announced at the edge, and a click brings them in.
    await page.setViewportSize({ width: 800, height: 900 });
    const scrollRight = page.getByRole('button', { name: /^Scroll right: \d+ more columns?$/ });
    await expect(scrollRight).toBeVisible();
    await scrollRight.click();
    const scrollLeft = page.getByRole('button', { name: /^Scroll left: \d+ more columns?$/ });
    await expect(scrollLeft).toBeVisible();
    await scrollLeft.click();
    await expect(scrollLeft).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page.getByRole('button', { name: /^Drag / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Move .* to…$/ })).toHaveCount(0);

    await dragOver(page, first, 'estimate_pending');
    await expect(column(page, 'estimate_pending')).not.toHaveAttribute('data-drop');
    await page.mouse.up();
    await expect(column(page, 'reported').locator(`[data-card="${first.id}"]`)).toBeVisible();
    expect(await statusOf(admin, first)).toBe('reported');
    await admin.dispose();
  });
});
