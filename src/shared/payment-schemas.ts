import { z } from 'zod';
import { PAYMENT_METHODS } from './accounting-documents.js';
import { centsField } from './accounting-fields.js';
import { isoDate, optionalText } from './fields.js';

/** The payments and credit notes API: money received, applied to sent invoices, reversed; corrections. */

const applicationInput = z.object({
  invoiceId: z.uuid('Not a valid invoice id'),
  amountCents: centsField('Amount applied', { min: 1 }),
});

const applicationsField = z
  .array(applicationInput)
  .max(100, 'A payment applies to at most 100 invoices at once')
  .refine((list) => new Set(list.map((a) => a.invoiceId)).size === list.length, 'An invoice is listed twice');

/** `POST /api/accounting/payments`: money received from a company, applied to some of its sent invoices. */
export const recordPaymentSchema = z
  .object({
    companyId: z.uuid('Choose a company'),
    amountCents: centsField('Amount', { min: 1 }),
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
  amountCents: centsField('Amount', { min: 1 }),
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
