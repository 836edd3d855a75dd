import { canEditInvoice, canVoidInvoice } from '@shared/accounting.policy.js';
import type { Invoice } from '@shared/accounting.js';
import { AppError } from '@shared/errors.js';
import type { invoices } from '../../db/schema/index.js';

/**
 * The server's side of the invoice rules of `@shared/accounting.policy` (which the invoice page asks too): each
 * refuses with the reason when the shared rule says no. Who may is the route's (`accounting.manage`).
 */
export const STALE_INVOICE_MESSAGE =
  'Someone else changed this invoice since you opened it. Review the latest version and try again.';

export function assertDraft(invoice: Pick<typeof invoices.$inferSelect, 'lifecycle'>, doing = 'changed') {
  if (canEditInvoice({ status: invoice.lifecycle })) return;
  throw new AppError(
    'conflict',
    invoice.lifecycle === 'void'
      ? `This invoice is void: it cannot be ${doing}.`
      : `This invoice is already sent: only a draft can be ${doing}. Issue a credit note or void it instead.`,
  );
}

/** A sent invoice with no payment applied may be voided; a draft is deleted instead. */
export function assertVoidable(invoice: Pick<Invoice, 'status' | 'paidCents'>) {
  if (canVoidInvoice(invoice)) return;
  if (invoice.status === 'draft') throw new AppError('conflict', 'A draft is deleted, not voided.');
  if (invoice.status === 'void') throw new AppError('conflict', 'This invoice is already void.');
  throw new AppError('conflict', 'Payments are applied to this invoice: reverse them before voiding it.');
}
