import { z } from 'zod';
import {
  invoiceLineInputSchema,
  invoiceTotals,
  type Invoice,
  type InvoiceLineInput,
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

/** The form's text turned into the request's lines, checked by the server's own line schema. */
export const invoiceLinesFormSchema = z.preprocess(
  (values: InvoiceLinesFormValues) => ({ lines: requestLinesOf(values) }),
  z.object({ lines: z.array(invoiceLineInputSchema).min(1, 'Add at least one line') }),
);

const finite = (value: number) => (Number.isFinite(value) && value >= 0 ? value : 0);

/** The totals while typing, by the shared computation the server uses; what cannot be read counts as nothing. */
export function liveInvoiceTotals(values: InvoiceLinesFormValues, taxRatePercent: number) {
  const lines = requestLinesOf(values).map((line) => ({
    quantity: finite(line.quantity),
    unitPriceCents: Math.round(finite(line.unitPriceCents ?? 0)),
    taxable: line.taxable ?? true,
  }));
  return invoiceTotals(lines, taxRatePercent);
}

/** Every input a server message may name, for the lines there are. */
export function invoiceLinesFormFields(count: number) {
  const fields = ['description', 'quantity', 'unitPriceCents', 'taxable'] as const;
  return [
    'lines',
    ...Array.from({ length: count }, (_, index) =>
      fields.map((field) => `lines.${index}.${field}` as const),
    ).flat(),
  ] as const;
}
