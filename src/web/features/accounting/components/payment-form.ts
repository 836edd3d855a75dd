import { z } from 'zod';
import { recordPaymentSchema, type PaymentMethod, type RecordPaymentInput } from '@shared/accounting';

import { ApiError } from '../../../lib/api-client';
import { dollarsToCents } from '../../../lib/form-numbers';

/** What the payment form's inputs hold; one amount box per open invoice of the company (blank: not applied). */
export interface PaymentFormValues {
  companyId: string;
  amountCents: string;
  receivedOn: string;
  method: PaymentMethod | '';
  reference: string;
  note: string;
  /** Dollars to apply, by invoice id (a box never typed in reads undefined). */
  applied: Record<string, string | undefined>;
}

export function paymentRequestOf(values: PaymentFormValues): RecordPaymentInput {
  return {
    companyId: values.companyId,
    amountCents: dollarsToCents(values.amountCents) ?? Number.NaN,
    receivedOn: values.receivedOn,
    method: values.method as PaymentMethod,
    reference: values.reference,
    note: values.note,
    applications: Object.entries(values.applied)
      .filter(([, dollars]) => (dollars ?? '').trim() !== '')
      .map(([invoiceId, dollars]) => ({
        invoiceId,
        amountCents: dollarsToCents(dollars ?? '') ?? Number.NaN,
      })),
  };
}

export const paymentFormSchema = z.preprocess(
  (values: PaymentFormValues) => paymentRequestOf(values),
  recordPaymentSchema,
);

/** The sum of the amounts typed into the invoices' boxes, in cents (what cannot be read counts as nothing). */
export function appliedCentsOf(values: Pick<PaymentFormValues, 'applied'>): number {
  return Object.values(values.applied).reduce((sum, dollars) => {
    const cents = dollarsToCents(dollars ?? '') ?? 0;
    return sum + (Number.isFinite(cents) && cents > 0 ? Math.round(cents) : 0);
  }, 0);
}

export const PAYMENT_FIELDS = [
  'companyId',
  'amountCents',
  'receivedOn',
  'method',
  'reference',
  'note',
] as const;

/** The server's first message about the applications (`applications.0.amountCents`…), which the form shows once. */
export function applicationsError(error: Error): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return Object.entries(error.fieldErrors ?? {}).find(([key]) => key.startsWith('applications'))?.[1]?.[0];
}
