import { z } from 'zod';
import {
  computeEstimateTotals,
  estimateInputSchema,
  type Estimate,
  type EstimateInput,
  type EstimateLineValues,
  type EstimateOperation,
} from '@shared/estimates';

import { centsToDollarsText, decimalValue, dollarsToCents } from '../../../lib/form-numbers';

/**
 * What the estimate form's inputs hold: text for every number (dollars for cents), named like the API's
 * fields so that the shared schema's messages, and the server's, land under the right input.
 */
export interface EstimateLineFormValues {
  operation: EstimateOperation | '';
  description: string;
  partNumber: string;
  quantity: string;
  unitPriceCents: string;
  laborHours: string;
}

export interface EstimateFormValues {
  number: string;
  laborRateCents: string;
  taxRatePercent: string;
  taxLabor: boolean;
  note: string;
  lines: EstimateLineFormValues[];
}

export const emptyEstimateLine = (): EstimateLineFormValues => ({
  operation: 'part',
  description: '',
  partNumber: '',
  quantity: '1',
  unitPriceCents: '',
  laborHours: '',
});

const decimalText = (value: number) => (value === 0 ? '' : String(value));

/** A new estimate starts with one empty line; editing starts from the estimate as saved. */
export function estimateFormValues(estimate: Estimate | null): EstimateFormValues {
  if (!estimate) {
    return {
      number: '',
      laborRateCents: '',
      taxRatePercent: '',
      taxLabor: false,
      note: '',
      lines: [emptyEstimateLine()],
    };
  }
  return {
    number: estimate.number,
    laborRateCents:
      estimate.laborRateSource === 'estimate' ? centsToDollarsText(estimate.laborRateCents) : '',
    taxRatePercent: decimalText(estimate.taxRatePercent),
    taxLabor: estimate.taxLabor,
    note: estimate.note ?? '',
    lines: estimate.lines.map((line) => ({
      operation: line.operation,
      description: line.description,
      partNumber: line.partNumber ?? '',
      quantity: String(line.quantity),
      unitPriceCents: centsToDollarsText(line.unitPriceCents),
      laborHours: decimalText(line.laborHours),
    })),
  };
}

/**
 * A supplement is the whole revised estimate (approving it replaces the claim's estimate amount), so it
 * starts as a copy of the latest estimate: its number, rate, tax and lines. The note stays its own.
 */
export function supplementFormValues(latest: Estimate): EstimateFormValues {
  return { ...estimateFormValues(latest), note: '' };
}

/** The form's text as the API's request (numbers that do not read as numbers stay NaN for the schema). */
export function estimateRequestOf(values: EstimateFormValues): EstimateInput {
  return {
    number: values.number,
    laborRateCents: dollarsToCents(values.laborRateCents),
    taxRatePercent: decimalValue(values.taxRatePercent),
    taxLabor: values.taxLabor,
    note: values.note,
    lines: values.lines.map((line) => ({
      operation: line.operation as EstimateOperation,
      description: line.description,
      partNumber: line.partNumber,
      quantity: decimalValue(line.quantity) ?? Number.NaN,
      // Blank is 0, as the live totals count it (a labour line priced by its hours alone).
      unitPriceCents: dollarsToCents(line.unitPriceCents) ?? undefined,
      laborHours: decimalValue(line.laborHours),
    })),
  };
}

/** The form's schema: its text turned into the request, checked by the server's own schema. */
export const estimateFormSchema = z.preprocess(
  (values: EstimateFormValues) => estimateRequestOf(values),
  estimateInputSchema,
);

const finite = (value: number | null | undefined) =>
  value !== null && value !== undefined && Number.isFinite(value) && value >= 0 ? value : 0;

/**
 * The totals as they stand while typing, with the shared computation the server uses: what cannot be read
 * yet counts as nothing. The facility's rate, when it has one, prices the labour (as on the server).
 */
export function liveEstimateTotals(values: EstimateFormValues, facilityRateCents: number | null) {
  const request = estimateRequestOf(values);
  const lines: EstimateLineValues[] = (request.lines ?? []).map((line) => ({
    operation: line.operation,
    quantity: finite(line.quantity),
    unitPriceCents: Math.round(finite(line.unitPriceCents)),
    laborHours: finite(line.laborHours),
  }));
  const laborRateCents = facilityRateCents ?? (finite(request.laborRateCents) || null);
  return {
    laborRateCents,
    ...computeEstimateTotals({
      lines,
      laborRateCents,
      taxRatePercent: Math.min(finite(request.taxRatePercent), 100),
      taxLabor: values.taxLabor,
    }),
  };
}

/** Every input a server message may name, for the lines there are. */
export function estimateFormFields(lineCount: number) {
  const lineFields = [
    'operation',
    'description',
    'partNumber',
    'quantity',
    'unitPriceCents',
    'laborHours',
  ] as const;
  return [
    'number',
    'laborRateCents',
    'taxRatePercent',
    'note',
    'lines',
    ...Array.from({ length: lineCount }, (_, index) =>
      lineFields.map((field) => `lines.${index}.${field}` as const),
    ).flat(),
  ] as const;
}
