import { z } from 'zod';
import {
  invoiceLineInputSchema,
  invoiceTotals,
  type Invoice,
  type InvoiceLineInput,
  updateInvoiceSchema,
} from '@shared/accounting';

import { centsToDollarsText, decimalValue, dollarsToCents } from '../../../lib/form-numbers';

/** A draft's line as its inputs hold it: text for the numbers (dollars for cents), named like the API's fields. */
export interface InvoiceLineFormValues {
  claimId: string | null;
  description: string;
  quantity: string;
  unitPriceCents: string;
  taxable: boolean;
}

export interface InvoiceLinesFormValues {
  lines: InvoiceLineFormValues[];
  /** The draft's tax rate (decision 038: the approved estimate's or the company's), which the admin may change. */
  taxRatePercent: string;
}

export const emptyInvoiceLine = (): InvoiceLineFormValues => ({
  claimId: null,
  description: '',
  quantity: '1',
  unitPriceCents: '',
  taxable: true,
});

export function invoiceLinesFormValues(invoice: Invoice): InvoiceLinesFormValues {
  return {
    taxRatePercent: String(invoice.taxRatePercent),
    lines: invoice.lines.map((line) => ({
      claimId: line.claimId,
      description: line.description,
      quantity: String(line.quantity),
      unitPriceCents: centsToDollarsText(line.unitPriceCents),
      taxable: line.taxable,
    })),
  };
}

const requestLinesOf = (values: InvoiceLinesFormValues): InvoiceLineInput[] =>
  values.lines.map((line) => ({
    claimId: line.claimId,
    description: line.description,
    quantity: decimalValue(line.quantity) ?? Number.NaN,
    unitPriceCents: dollarsToCents(line.unitPriceCents) ?? Number.NaN,
    taxable: line.taxable,
  }));

/** The form's text turned into the request's lines and tax rate, checked by the server's own schemas. */
export const invoiceLinesFormSchema = z.preprocess(
  (values: InvoiceLinesFormValues) => ({
    lines: requestLinesOf(values),
    taxRatePercent: decimalValue(values.taxRatePercent) ?? Number.NaN,
  }),
  z.object({
    lines: z.array(invoiceLineInputSchema).min(1, 'Add at least one line'),
    taxRatePercent: updateInvoiceSchema.shape.taxRatePercent.unwrap(),
  }),
);
export type InvoiceLinesRequest = z.output<typeof invoiceLinesFormSchema>;

const finite = (value: number) => (Number.isFinite(value) && value >= 0 ? value : 0);

/** The totals while typing, by the shared computation the server uses; what cannot be read counts as nothing. */
export function liveInvoiceTotals(values: InvoiceLinesFormValues, savedRatePercent: number) {
  const typedRate = decimalValue(values.taxRatePercent ?? '');
  const taxRatePercent =
    typedRate !== undefined && Number.isFinite(typedRate)
      ? Math.min(finite(typedRate), 100)
      : savedRatePercent;
  const lines = requestLinesOf(values).map((line) => ({
    quantity: finite(line.quantity),
    unitPriceCents: Math.round(finite(line.unitPriceCents ?? 0)),
    taxable: line.taxable ?? true,
  }));
  return { ...invoiceTotals(lines, taxRatePercent), taxRatePercent };
}

/** Every input a server message may name, for the lines there are. */
export function invoiceLinesFormFields(count: number) {
  const fields = ['description', 'quantity', 'unitPriceCents', 'taxable'] as const;
  return [
    'lines',
    'taxRatePercent',
    ...Array.from({ length: count }, (_, index) =>
      fields.map((field) => `lines.${index}.${field}` as const),
    ).flat(),
  ] as const;
}
