import type { InvoiceStatus } from './accounting-documents.js';
import type { Holds } from './permissions.js';
import type { ClaimStatus } from './workflows.js';

/**
 * What may be done to an invoice, for the server (which refuses anything else) and the browser (which offers
 * exactly this): pure, on the invoice as the API shows it. Who may is `accounting.manage` (admins); what depends
 * on the invoice: a draft is edited, sent or deleted; a sent one with a balance is paid, credited or has credit
 * applied; a sent one without payments is voided. A void invoice takes nothing.
 */

/** Only finished work is billed: the claims "Ready to invoice" lists, the ones an invoice may bill. */
export const INVOICEABLE_CLAIM_STATUSES = ['completed', 'closed'] as const satisfies readonly ClaimStatus[];

/** Whether a claim may be invoiced now (once it is on no live invoice): completed or closed. */
export function canInvoiceClaim(claim: { status: ClaimStatus }): boolean {
  return (INVOICEABLE_CLAIM_STATUSES as readonly ClaimStatus[]).includes(claim.status);
}

/** The invoice page's actions, in the order its buttons show them. */
export const INVOICE_ACTIONS = ['send', 'lines', 'delete', 'payment', 'apply', 'credit', 'void'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** What the rules look at: the status (a stored lifecycle is one too: draft, sent, void) and the money on it. */
export interface InvoicePolicySubject {
  status: InvoiceStatus;
  balanceCents: number;
  paidCents: number;
}

/** Only a draft changes (lines, terms, note), is sent or is deleted; afterwards, a credit note or a void. */
export function canEditInvoice(invoice: Pick<InvoicePolicySubject, 'status'>): boolean {
  return invoice.status === 'draft';
}

/** A sent invoice with a balance takes money: a payment, a payment's credit or a credit note, up to the balance. */
export function canSettleInvoice(invoice: Pick<InvoicePolicySubject, 'status' | 'balanceCents'>): boolean {
  return (invoice.status === 'sent' || invoice.status === 'partially_paid') && invoice.balanceCents > 0;
}

/** A sent invoice with no payment applied may be voided; a draft is deleted instead. */
export function canVoidInvoice(invoice: Pick<InvoicePolicySubject, 'status' | 'paidCents'>): boolean {
  return invoice.status !== 'draft' && invoice.status !== 'void' && invoice.paidCents === 0;
}

/** The actions `holds` may take on the invoice now: the buttons the invoice page shows, the calls that succeed. */
export function invoiceActions(invoice: InvoicePolicySubject, holds: Holds): InvoiceAction[] {
  if (!holds('accounting.manage')) return [];
  const actions: InvoiceAction[] = [];
  if (canEditInvoice(invoice)) actions.push('send', 'lines', 'delete');
  if (canSettleInvoice(invoice)) actions.push('payment', 'apply', 'credit');
  if (canVoidInvoice(invoice)) actions.push('void');
  return actions;
}

/** Payments are recorded, applied and reversed by those who manage accounting. */
export function canManagePayments(holds: Holds): boolean {
  return holds('accounting.manage');
}

/** A payment's actions on the payments list: apply what is left of it, reverse it (a bounced check). */
export const PAYMENT_ACTIONS = ['apply', 'reverse'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

/** A reversed payment settles nothing: it is neither applied nor reversed again. */
export function canReversePayment(payment: { reversedOn: string | null }): boolean {
  return payment.reversedOn === null;
}

export function paymentActions(
  payment: { reversedOn: string | null; unappliedCents: number },
  holds: Holds,
): PaymentAction[] {
  if (!canManagePayments(holds) || !canReversePayment(payment)) return [];
  return payment.unappliedCents > 0 ? ['apply', 'reverse'] : ['reverse'];
}
