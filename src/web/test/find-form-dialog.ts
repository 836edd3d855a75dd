import { screen, waitFor, within, type waitForOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The form dialog named `name` once its form is there: a dialog's form is a lazy chunk (react-hook-form, zod),
 * and the dialog shows "Loading the form" until it arrives.
 */
export async function findFormDialog(name: string, options?: waitForOptions): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name }, options);
  await waitFor(
    () => expect(within(dialog).queryByRole('status', { name: 'Loading the form' })).toBeNull(),
    options,
  );
  return dialog;
}
