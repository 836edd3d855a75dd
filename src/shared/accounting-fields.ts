import { z } from 'zod';
import { hasAtMostDecimals, MAX_AMOUNT_CENTS } from './money.js';

/** An amount in cents, as the accounting forms take it. */
export const centsField = (label: string, { min = 0, max = MAX_AMOUNT_CENTS } = {}) =>
  z
    .number({ message: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .min(min, min > 0 ? `${label} must be more than $0.00` : `${label} cannot be negative`)
    .max(max, `${label} is too large`);

export const decimalField = (label: string, places: number, max: number) =>
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
  taxRatePercent: decimalField('Tax rate', 3, 100).optional().describe('Percent, e.g. 8.875'),
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
