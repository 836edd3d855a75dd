import { invoiceStatus, type InvoiceLifecycle } from '@shared/accounting.js';
import { canReversePayment, canSettleInvoice } from '@shared/accounting.policy.js';
import { AppError } from '@shared/errors.js';
import { formatCents } from '@shared/money.js';

/**
 * What may happen to a payment and to the invoices it settles. Who may is the route's (`accounting.manage`,
 * `canManagePayments` in `@shared/accounting.policy`); which invoice takes money is the shared
 * `canSettleInvoice`, which the invoice page asks before offering "Record payment" and "Apply credit".
 */

/** A date of money received, applied or reversed is today at the latest. */
export function assertNotInFuture(date: string, field: string, label: string, today: string) {
  if (date > today) {
    throw new AppError('bad_request', `${label} cannot be in the future`, {
      fieldErrors: { [field]: [`${label} cannot be in the future`] },
    });
  }
}

/** What the rules read of an invoice money is applied to, its row locked. */
export interface SettledInvoice {
  companyId: string;
  number: string | null;
  lifecycle: InvoiceLifecycle;
  issueDate: string | null;
  totalCents: number;
  /** Payments applied and credit notes, so far. */
  settledCents: number;
}

/** The invoice's balance as the rules see it. */
export const balanceOf = (invoice: Pick<SettledInvoice, 'totalCents' | 'settledCents'>) =>
  invoice.totalCents - invoice.settledCents;

/** Whether the invoice takes `amountCents` (of its company's payment, from `appliedOn`): the shared rule, up to the balance. */
export function assertApplicable(
  invoice: SettledInvoice,
  payment: { companyId: string },
  amountCents: number,
  appliedOn: string,
) {
  if (invoice.companyId !== payment.companyId || invoice.lifecycle !== 'sent') {
    throw new AppError('conflict', 'A payment applies only to sent invoices of its own company');
  }
  if (invoice.issueDate! > appliedOn) {
    throw new AppError(
      'conflict',
      `${invoice.number} was issued after ${appliedOn}: apply the payment from its issue date on`,
    );
  }
  const balance = balanceOf(invoice);
  const status = invoiceStatus(invoice.lifecycle, invoice.totalCents, invoice.settledCents);
  if (!canSettleInvoice({ status, balanceCents: balance }) || amountCents > balance) {
    throw new AppError(
      'conflict',
      `${invoice.number} has a balance of ${formatCents(balance)}: ${formatCents(amountCents)} cannot be applied to it`,
    );
  }
}

/** A reversed payment settles nothing: it is neither applied nor reversed again. */
export function assertPaymentLive(payment: { reversedOn: string | null }, doing: 'applied' | 'reversed') {
  if (canReversePayment(payment)) return;
  throw new AppError(
    'conflict',
    doing === 'reversed'
      ? 'This payment is already reversed.'
      : 'This payment is reversed: it settles nothing.',
  );
}

/** A payment is applied or reversed on or after the day it was received. */
export function assertOnOrAfterReceipt(
  payment: { receivedOn: string },
  date: string,
  field: 'appliedOn' | 'reversedOn',
) {
  if (date >= payment.receivedOn) return;
  const message = `A payment is ${field === 'appliedOn' ? 'applied' : 'reversed'} on or after the day it was received`;
  throw new AppError('bad_request', message, { fieldErrors: { [field]: [message] } });
}
