import type { Invoice } from '@shared/accounting.js';
import { AppError } from '@shared/errors.js';
import type { invoices } from '../../db/schema/index.js';

/**
 * What may happen to an invoice. Who may is the route's (`accounting.manage`); an invoice changes only while a
 * draft, and afterwards only through payments, credit notes or a void.
 */
export const STALE_INVOICE_MESSAGE =
  'Someone else changed this invoice since you opened it. Review the latest version and try again.';

export function canEditInvoice(invoice: Pick<typeof invoices.$inferSelect, 'lifecycle'>): boolean {
  return invoice.lifecycle === 'draft';
}

export function assertDraft(invoice: Pick<typeof invoices.$inferSelect, 'lifecycle'>, doing = 'changed') {
  if (canEditInvoice(invoice)) return;
  throw new AppError(
    'conflict',
    invoice.lifecycle === 'void'
      ? `This invoice is void: it cannot be ${doing}.`
      : `This invoice is already sent: only a draft can be ${doing}. Issue a credit note or void it instead.`,
  );
}

/** A sent invoice with no payment applied may be voided; a draft is deleted instead. */
export function assertVoidable(invoice: Pick<Invoice, 'status' | 'paidCents'>) {
  if (invoice.status === 'draft') throw new AppError('conflict', 'A draft is deleted, not voided.');
  if (invoice.status === 'void') throw new AppError('conflict', 'This invoice is already void.');
  if (invoice.paidCents > 0) {
    throw new AppError('conflict', 'Payments are applied to this invoice: reverse them before voiding it.');
  }
}
