import { z } from 'zod';
import { isoDate, optionalEmail, optionalText } from './fields.js';
import { divideRounded, hasAtMostDecimals, MAX_AMOUNT_CENTS, toUnits } from './money.js';
import { pageOf } from './support.js';

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

/** Amount of a line: quantity (two decimals) × unit price, rounded half up to the cent. */
export function lineAmountCents(quantity: number, unitPriceCents: number): number {
  return divideRounded(toUnits(quantity, 2) * unitPriceCents, 100);
}

/** Subtotal, tax (on the taxable lines, at a percentage with three decimals, rounded once) and total. */
export function invoiceTotals(
  lines: readonly { quantity: number; unitPriceCents: number; taxable: boolean }[],
  taxRatePercent: number,
) {
  let subtotalCents = 0;
  let taxableCents = 0;
  for (const line of lines) {
    const amount = lineAmountCents(line.quantity, line.unitPriceCents);
    subtotalCents += amount;
    if (line.taxable) taxableCents += amount;
  }
  const taxCents = divideRounded(taxableCents * toUnits(taxRatePercent, 3), 100_000);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * An invoice's tax (computed once on its taxable subtotal) shared over its taxable lines in proportion to their
 * amounts, the odd cents going to the largest remainders (the earlier line on a tie), so that the lines' taxes
 * add up to the invoice's exactly — for accounting packages that import tax per line.
 */
export function lineTaxCents(
  lines: readonly { amountCents: number; taxable: boolean }[],
  taxCents: number,
): number[] {
  const taxable = lines.reduce((sum, line) => sum + (line.taxable ? line.amountCents : 0), 0);
  if (taxable <= 0) return lines.map(() => 0);
  const shares = lines.map((line, index) => {
    const exact = line.taxable ? BigInt(taxCents) * BigInt(line.amountCents) : 0n;
    return { index, cents: Number(exact / BigInt(taxable)), remainder: exact % BigInt(taxable) };
  });
  let left = taxCents - shares.reduce((sum, share) => sum + share.cents, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left <= 0) break;
    if (!lines[share.index]!.taxable) continue;
    share.cents += 1;
    left -= 1;
  }
  return shares.map((share) => share.cents);
}

const cents = (label: string, { min = 0, max = MAX_AMOUNT_CENTS } = {}) =>
  z
    .number({ message: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .min(min, min > 0 ? `${label} must be more than $0.00` : `${label} cannot be negative`)
    .max(max, `${label} is too large`);

const decimal = (label: string, places: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`)
    .refine((value) => hasAtMostDecimals(value, places), `${label} takes at most ${places} decimals`);

/** The company's billing fields, on the company form. */
export const companyBillingFields = {
  paymentTermsDays: z
    .number({ message: 'Payment terms must be a number of days' })
    .int('Payment terms must be whole days')
    .min(0, 'Payment terms cannot be negative')
    .max(365, 'Payment terms must be at most 365 days')
    .optional()
    .describe('Days from issue to due date'),
  taxRatePercent: decimal('Tax rate', 3, 100).optional().describe('Percent, e.g. 8.875'),
  billingEmail: z
    .string()
    .trim()
    .max(320, 'At most 320 characters')
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Please enter a valid email address',
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .describe('Where invoices, reminders and statements go'),
  invoiceRemindersEnabled: z
    .boolean()
    .optional()
    .describe('Overdue reminder mails (at 7, 30 and 60 days past due unless the server says otherwise)'),
  monthlyStatementsEnabled: z
    .boolean()
    .optional()
    .describe('Its statement mailed to the billing email on the first of each month'),
};

// ---------------------------------------------------------------- invoices

export const INVOICE_LINE_MODES = ['detailed', 'summary'] as const;

/** `POST /api/accounting/invoices`: a draft from one or several completed or closed claims of one company. */
export const createInvoiceSchema = z.object({
  claimIds: z
    .array(z.uuid('Not a valid claim id'))
    .min(1, 'Choose at least one claim')
    .max(INVOICE_CLAIMS_MAX, `An invoice covers at most ${INVOICE_CLAIMS_MAX} claims`)
    .refine((ids) => new Set(ids).size === ids.length, 'A claim is listed twice'),
  lineMode: z
    .enum(INVOICE_LINE_MODES)
    .default('detailed')
    .describe('detailed: the approved estimate / authorized lines; summary: one line per claim'),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

export const invoiceLineInputSchema = z.object({
  claimId: z.uuid().nullable().optional().describe('The claim the line bills, if any'),
  description: z.string().trim().min(1, 'Describe the line').max(500, 'At most 500 characters'),
  quantity: decimal('Quantity', 2, 100_000).refine((value) => value > 0, 'Quantity must be more than 0'),
  unitPriceCents: cents('Unit price', { max: 100_000_000 }),
  taxable: z.boolean().default(true),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** `PATCH /api/accounting/invoices/{id}`: a draft's lines (replacing all), terms and note, with the version read. */
export const updateInvoiceSchema = z
  .object({
    version: z.number().int().min(1, 'The version is required'),
    paymentTermsDays: companyBillingFields.paymentTermsDays,
    taxRatePercent: decimal('Tax rate', 3, 100).optional(),
    note: optionalText(2000),
    lines: z
      .array(invoiceLineInputSchema)
      .min(1, 'Add at least one line')
      .max(INVOICE_LINES_MAX, `An invoice has at most ${INVOICE_LINES_MAX} lines`)
      .optional(),
  })
  .superRefine((value, context) => {
    if (!value.lines) return;
    const { totalCents } = invoiceTotals(value.lines, value.taxRatePercent ?? 0);
    if (totalCents > MAX_AMOUNT_CENTS) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'An invoice totals at most $10,000,000.00',
      });
    }
  });
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;

export const sendInvoiceSchema = z.object({
  version: z.number().int().min(1, 'The version is required'),
  issueDate: isoDate('Issue date').optional().describe('Defaults to today (UTC); never in the future'),
  to: optionalEmail.describe('Who gets the mail with the PDF; defaults to the company billing email'),
});

export const NO_INVOICE_RECIPIENT =
  'This company has no billing or contact email: add one to the company or enter who should receive the invoice';

export const voidInvoiceSchema = z.object({
  version: z.number().int().min(1, 'The version is required'),
  reason: z
    .string({ message: 'Say why the invoice is void' })
    .trim()
    .min(1, 'Say why the invoice is void')
    .max(2000),
});

export const invoiceLineSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  claimId: z.uuid().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  taxable: z.boolean(),
  amountCents: z.number().int(),
});

export const invoiceClaimSchema = z.object({ id: z.uuid(), number: z.number().int() });

export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string().nullable().describe('Null while a draft'),
  status: z.enum(INVOICE_STATUSES),
  companyId: z.uuid(),
  companyName: z.string(),
  claims: z.array(invoiceClaimSchema),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  totalCents: z.number().int(),
  paidCents: z.number().int().describe('Payments applied (reversed ones excluded)'),
  creditedCents: z.number().int().describe('Credit notes'),
  balanceCents: z.number().int().describe('Total less payments and credit notes'),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceHistoryEntrySchema = z.object({
  action: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const invoiceSchema = invoiceSummarySchema.extend({
  paymentTermsDays: z.number().int(),
  taxRatePercent: z.number(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  note: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  version: z.number().int(),
  lines: z.array(invoiceLineSchema),
  payments: z
    .array(
      z.object({
        applicationId: z.uuid(),
        paymentId: z.uuid(),
        amountCents: z.number().int(),
        appliedOn: z.string(),
        method: z.enum(PAYMENT_METHODS),
        reference: z.string().nullable(),
        reversedOn: z.string().nullable(),
      }),
    )
    .describe('Applications of payments to this invoice, reversed ones included (marked)'),
  creditNotes: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      amountCents: z.number().int(),
      issuedOn: z.string(),
      reason: z.string(),
    }),
  ),
  history: z.array(invoiceHistoryEntrySchema).describe('From the audit log, oldest first'),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_SORTS = [
  'number',
  'issueDate',
  'dueDate',
  'company',
  'total',
  'balance',
  'created',
] as const;

export const listInvoicesQuerySchema = z.object({
  search: z.string().trim().max(100).optional().describe('Invoice number, company name or claim number'),
  status: z.enum(INVOICE_STATUSES).optional(),
  companyId: z.uuid().optional(),
  issuedFrom: isoDate('Issued from').optional(),
  issuedTo: isoDate('Issued to').optional(),
  dueFrom: isoDate('Due from').optional(),
  dueTo: isoDate('Due to').optional(),
  overdue: z.enum(['true']).optional().describe('Only sent invoices past their due date with a balance'),
  sort: z.enum(INVOICE_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuerySchema>;

/**
 * `GET /api/accounting/invoice-lines.csv`: the invoice list's search and filters (its sort and page do not apply:
 * the export runs in invoice-number order, drafts by creation).
 */
export const exportInvoicesQuerySchema = listInvoicesQuerySchema.omit({
  sort: true,
  dir: true,
  page: true,
  pageSize: true,
});
export type InvoiceFilter = z.infer<typeof exportInvoicesQuerySchema>;

export const invoiceListSchema = pageOf(invoiceSummarySchema).extend({
  totals: z
    .object({
      invoicedCents: z.number().int().describe('Totals of the filtered invoices, void ones excluded'),
      paidCents: z.number().int().describe('Payments and credit notes on them'),
      openCents: z.number().int().describe('Their open balance'),
    })
    .describe('Of the whole filtered set, not only this page'),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** `GET /api/accounting/claims/{id}/invoice`: the claim page's invoice line (admins only), none when not invoiced. */
export const claimInvoiceSchema = z.object({
  invoice: invoiceSummarySchema.nullable().describe('The claim’s invoice that is not void'),
});
export type ClaimInvoice = z.infer<typeof claimInvoiceSchema>;

/** Completed or closed claims of the last 90 days that are on no invoice (void ones released theirs). */
export const readyToInvoiceSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      number: z.number().int(),
      companyId: z.uuid(),
      companyName: z.string(),
      workflow: z.string(),
      status: z.string(),
      vehicle: z.string(),
      completedAt: z.string().nullable(),
      amountCents: z.number().int().nullable().describe('Final, approved or estimated amount'),
    }),
  ),
});
export type ReadyToInvoice = z.infer<typeof readyToInvoiceSchema>;

// ---------------------------------------------------------------- payments and credit notes

const applicationInput = z.object({
  invoiceId: z.uuid('Not a valid invoice id'),
  amountCents: cents('Amount applied', { min: 1 }),
});

const applicationsField = z
  .array(applicationInput)
  .max(100, 'A payment applies to at most 100 invoices at once')
  .refine((list) => new Set(list.map((a) => a.invoiceId)).size === list.length, 'An invoice is listed twice');

/** `POST /api/accounting/payments`: money received from a company, applied to some of its sent invoices. */
export const recordPaymentSchema = z
  .object({
    companyId: z.uuid('Choose a company'),
    amountCents: cents('Amount', { min: 1 }),
    receivedOn: isoDate('Received on'),
    method: z.enum(PAYMENT_METHODS, { message: 'Choose how it was paid' }),
    reference: optionalText(100).describe('Check number, transaction id …'),
    note: optionalText(2000),
    applications: applicationsField.default([]).describe('What it settles; the rest stays as credit'),
  })
  .superRefine((value, context) => {
    const applied = value.applications.reduce((sum, a) => sum + a.amountCents, 0);
    if (applied > value.amountCents) {
      context.addIssue({
        code: 'custom',
        path: ['applications'],
        message: 'The amounts applied add up to more than the payment',
      });
    }
  });
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

/** `POST /api/accounting/payments/{id}/applications`: applies a payment's unapplied credit later. */
export const applyPaymentSchema = z.object({
  applications: applicationsField.min(1, 'Choose at least one invoice'),
  appliedOn: isoDate('Applied on').optional().describe('Defaults to today (UTC)'),
});

export const reversePaymentSchema = z.object({
  reason: z
    .string({ message: 'Say why the payment is reversed' })
    .trim()
    .min(1, 'Say why the payment is reversed')
    .max(2000),
  reversedOn: isoDate('Reversed on').optional().describe('Defaults to today (UTC)'),
});

export const paymentApplicationSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  amountCents: z.number().int(),
  appliedOn: z.string(),
});

export const paymentSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  appliedCents: z.number().int().describe('Applied to invoices (0 once reversed)'),
  unappliedCents: z.number().int().describe('The company’s credit from this payment (0 once reversed)'),
  reversedOn: z.string().nullable(),
  reversalReason: z.string().nullable(),
  applications: z.array(paymentApplicationSchema),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const listPaymentsQuerySchema = z.object({
  companyId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** `GET /api/accounting/payments.csv`: the payment list's filters, every page. */
export const exportPaymentsQuerySchema = listPaymentsQuerySchema.omit({ page: true, pageSize: true });

export const creditNoteInputSchema = z.object({
  amountCents: cents('Amount', { min: 1 }),
  reason: z
    .string({ message: 'Say what the credit corrects' })
    .trim()
    .min(1, 'Say what the credit corrects')
    .max(2000),
  issuedOn: isoDate('Issued on').optional().describe('Defaults to today (UTC)'),
});

export const creditNoteSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  number: z.string(),
  amountCents: z.number().int(),
  issuedOn: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;
