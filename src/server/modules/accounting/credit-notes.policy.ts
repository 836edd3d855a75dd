import { invoiceStatus } from '@shared/accounting.js';
import { canSettleInvoice } from '@shared/accounting.policy.js';
import { AppError } from '@shared/errors.js';
import { formatCents } from '@shared/money.js';
import { assertNotInFuture, balanceOf, type SettledInvoice } from './payments.policy.js';

/**
 * When a credit note may be issued. Who may is the route's (`accounting.manage`); which invoice takes one is the
 * shared `canSettleInvoice` (the invoice page offers "Issue credit note" from it): a sent invoice, up to its
 * balance, on or after its issue date and not in the future.
 */
export function assertCreditable(
  invoice: Omit<SettledInvoice, 'companyId'>,
  amountCents: number,
  issuedOn: string,
  today: string,
) {
  assertNotInFuture(issuedOn, 'issuedOn', 'The issue date', today);
  if (invoice.lifecycle !== 'sent') {
    throw new AppError(
      'conflict',
      'A credit note corrects a sent invoice: edit a draft instead; a void invoice owes nothing.',
    );
  }
  if (issuedOn < invoice.issueDate!) {
    throw new AppError('bad_request', 'A credit note is issued on or after its invoice', {
      fieldErrors: { issuedOn: ['A credit note is issued on or after its invoice'] },
    });
  }
  const balance = balanceOf(invoice);
  const status = invoiceStatus(invoice.lifecycle, invoice.totalCents, invoice.settledCents);
  if (!canSettleInvoice({ status, balanceCents: balance }) || amountCents > balance) {
    throw new AppError(
      'conflict',
      `${invoice.number} has a balance of ${formatCents(balance)}: the credit cannot exceed it`,
      { fieldErrors: { amountCents: [`At most ${formatCents(balance)}`] } },
    );
  }
}
