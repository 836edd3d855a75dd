import { expect, type Page } from '@playwright/test';

/** Expects a toast with this title (and text) to be on screen. Radix also copies it into a hidden live region. */
export async function expectToast(page: Page, title: string, text?: string | RegExp) {
  const toast = page.locator('[data-slot=toast]').filter({ hasText: title }).last();
  await expect(toast.locator('[data-slot=toast-title]')).toHaveText(title);
  if (text !== undefined) await expect(toast).toContainText(text);
}
