import { z } from 'zod';
import {
  INVOICE_CLAIMS_MAX,
  INVOICE_LINES_MAX,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
} from './accounting-documents.js';
import { centsField, companyBillingFields, decimalField } from './accounting-fields.js';
import { invoiceTotals } from './invoice-totals.js';
import { mailProgressSchema } from './mail-outbox.js';
import { isoDate, optionalEmail, optionalText } from './fields.js';
import { MAX_AMOUNT_CENTS } from './money.js';
import { pageOf } from './support.js';

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
  quantity: decimalField('Quantity', 2, 100_000).refine((value) => value > 0, 'Quantity must be more than 0'),
  unitPriceCents: centsField('Unit price', { max: 100_000_000 }),
  taxable: z.boolean().default(true),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** `PATCH /api/accounting/invoices/{id}`: a draft's lines (replacing all), terms and note, with the version read. */
export const updateInvoiceSchema = z
  .object({
    version: z.number().int().min(1, 'The version is required'),
    paymentTermsDays: companyBillingFields.paymentTermsDays,
    taxRatePercent: decimalField('Tax rate', 3, 100).optional(),
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
  mail: mailProgressSchema
    .optional()
    .describe(
      'On an entry that queued a mail (sent, reminder sent): queued, or held without a mail server; sent once the delivery job sent it',
    ),
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
