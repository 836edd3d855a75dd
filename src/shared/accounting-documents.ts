/**
 * Accounts receivable (issue 15, PRODUCT.md §2 Invoice). Amounts are integer cents (money.ts). An invoice's
 * lifecycle is stored (draft → sent, or void); "partially paid" and "paid" are derived from its balance, which
 * is itself derived from its total, the payments applied to it and its credit notes — never stored.
 */

/** What is stored: a draft has no number; sending numbers it; voiding keeps the number. */
export const INVOICE_LIFECYCLES = ['draft', 'sent', 'void'] as const;
export type InvoiceLifecycle = (typeof INVOICE_LIFECYCLES)[number];

/** What is shown: the lifecycle, with a sent invoice's payments read into it. */
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
};

/** The status of an invoice from its lifecycle, total and what settled it so far. */
export function invoiceStatus(
  lifecycle: InvoiceLifecycle,
  totalCents: number,
  settledCents: number,
): InvoiceStatus {
  if (lifecycle !== 'sent') return lifecycle;
  if (settledCents >= totalCents) return 'paid';
  return settledCents > 0 ? 'partially_paid' : 'sent';
}

/** `INV-2026-000001`, `CN-2026-000001`: per-year sequences without gaps. */
export function documentNumber(prefix: 'INV' | 'CN', year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * A whole invoice number as documentNumber writes it (any case): it is contained only in itself, as long as a year
 * numbers fewer than 1,000,000 invoices (a seventh digit would make INV-2026-100000 part of INV-2026-1000000).
 */
export function isWholeInvoiceNumber(text: string): boolean {
  return /^inv-\d{4}-\d{6}$/i.test(text);
}

/** Whether `text` can be part of an invoice number (documentNumber): its letters, digits and dashes only. */
export function couldBeInInvoiceNumber(text: string): boolean {
  return /^[inv\d-]*$/i.test(text);
}

export const PAYMENT_METHODS = ['check', 'ach', 'card', 'wire', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH',
  card: 'Card',
  wire: 'Wire',
  other: 'Other',
};

export const PAYMENT_TERMS_DEFAULT_DAYS = 30;

/**
 * Days past due at which an overdue invoice gets a reminder mail, unless the server's INVOICE_REMINDER_DAYS
 * says otherwise (config.ts). Each is sent at most once per invoice; a late run sends only the highest reached.
 */
export const DEFAULT_INVOICE_REMINDER_DAYS: readonly number[] = [7, 30, 60];

/** The reminder stage an invoice `daysPastDue` has reached: the highest of `stages` at or under it, or null. */
export function reminderStageReached(daysPastDue: number, stages: readonly number[]): number | null {
  let reached: number | null = null;
  for (const stage of stages)
    if (stage <= daysPastDue && (reached === null || stage > reached)) reached = stage;
  return reached;
}

/** "7, 30 and 60". */
export const listOfDays = (days: readonly number[]) =>
  days.length <= 1 ? days.join('') : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
export const INVOICE_LINES_MAX = 500;
export const INVOICE_CLAIMS_MAX = 50;
