import { z } from 'zod';
import { optionalText } from './fields.js';
import { computeEstimateTotals } from './estimate-totals.js';
import {
  ESTIMATE_LINES_MAX,
  ESTIMATE_OPERATIONS,
  ESTIMATE_SOURCES,
  ESTIMATE_STATUSES,
} from './estimate-labels.js';
export {
  estimateChanges,
  nextMoveAfterEstimate,
  reviewBase,
  supplementBase,
  type EstimateChanges,
  type LineChange,
} from './estimate-review.js';
import { personSchema } from './people.js';
import { formatCents, hasAtMostDecimals, MAX_AMOUNT_CENTS } from './money.js';

export {
  computeEstimateTotals,
  estimateLineAmounts,
  estimateTaxLabel,
  type EstimateLineAmounts,
  type EstimateLineValues,
  type EstimateTotals,
  type EstimateTotalsInput,
} from './estimate-totals.js';

/**
 * Repair estimates (PRODUCT.md §2): an original and its supplements per claim, with line items. Totals are
 * computed here only — by the form for its live totals and by the server, which stores what it computes and
 * never what a client sends (decision 015).
 */

export {
  defaultEstimateNumber,
  ESTIMATE_LINES_MAX,
  ESTIMATE_OPERATION_LABELS,
  ESTIMATE_OPERATIONS,
  ESTIMATE_SOURCE_LABELS,
  ESTIMATE_SOURCES,
  ESTIMATE_STATUS_LABELS,
  ESTIMATE_STATUSES,
  ESTIMATES_PER_CLAIM_MAX,
  ESTIMATES_PER_CLAIM_MESSAGE,
  IMPORTED_ESTIMATE_SOURCES,
  supplementLabel,
  type EstimateOperation,
  type EstimateSource,
  type EstimateStatus,
} from './estimate-labels.js';

// ---------------------------------------------------------------------------------------------------------
// Requests

const decimal = (label: string, places: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`)
    .refine((value) => hasAtMostDecimals(value, places), `${label} takes at most ${places} decimals`);

export const LABOR_RATE_MAX_CENTS = 1_000_000;

export const UNIT_PRICE_REQUIRED_MESSAGE = 'Unit price must be an amount';

/**
 * A line of an estimate as sent. A unit price may be left out only on a line with labour hours (priced by its
 * hours alone, as the form's live totals count it); it is then 0. A line with neither would cost nothing.
 */
export const estimateLineInputSchema = z
  .object({
    operation: z.enum(ESTIMATE_OPERATIONS, { message: 'Choose what the line is for' }),
    description: z.string().trim().min(1, 'Describe the line').max(500, 'At most 500 characters'),
    partNumber: optionalText(60).describe('Part number, for part lines'),
    quantity: decimal('Quantity', 2, 100_000).refine((value) => value > 0, 'Quantity must be more than 0'),
    unitPriceCents: z
      .number({ message: UNIT_PRICE_REQUIRED_MESSAGE })
      .int('Unit price must be in whole cents')
      .min(0, 'Unit price cannot be negative')
      .max(100_000_000, 'Unit price must be at most $1,000,000.00')
      .optional()
      .describe('Price of one unit, in cents; may be left out (0) on a line with labour hours'),
    laborHours: decimal('Labour hours', 2, 1000).default(0).describe('Hours of labour on this line'),
  })
  .superRefine((line, context) => {
    if (line.unitPriceCents === undefined && line.laborHours === 0) {
      context.addIssue({ code: 'custom', path: ['unitPriceCents'], message: UNIT_PRICE_REQUIRED_MESSAGE });
    }
  })
  .transform((line) => ({ ...line, unitPriceCents: line.unitPriceCents ?? 0 }));
export type EstimateLineInput = z.input<typeof estimateLineInputSchema>;

const estimateFields = z.object({
  number: optionalText(40).describe(
    'The shop’s estimate or RO number; blank gives EST- and the claim digits',
  ),
  laborRateCents: z
    .number({ message: 'Labour rate must be an amount' })
    .int('Labour rate must be in whole cents')
    .min(0, 'Labour rate cannot be negative')
    .max(LABOR_RATE_MAX_CENTS, 'Labour rate must be at most $10,000.00 an hour')
    .nullable()
    .optional()
    .describe('Cents per hour; used only when the claim’s repair facility has no labour rate'),
  taxRatePercent: decimal('Tax rate', 3, 100).default(0).describe('Percent, e.g. 8.875'),
  taxLabor: z.boolean().default(false).describe('Whether tax applies to labour as well'),
  note: optionalText(2000),
  lines: z
    .array(estimateLineInputSchema)
    .min(1, 'Add at least one line')
    .max(ESTIMATE_LINES_MAX, `An estimate has at most ${ESTIMATE_LINES_MAX} lines`),
});

/** The rate may come from the facility on the server, so only the estimate's own rate is checked here. */
function totalWithinLimit(value: z.output<typeof estimateFields>, context: z.RefinementCtx) {
  const totals = computeEstimateTotals({
    lines: value.lines,
    laborRateCents: value.laborRateCents ?? null,
    taxRatePercent: value.taxRatePercent,
    taxLabor: value.taxLabor,
  });
  if (totals.totalCents > MAX_AMOUNT_CENTS) {
    context.addIssue({
      code: 'custom',
      path: ['lines'],
      message: `An estimate totals at most ${formatCents(MAX_AMOUNT_CENTS)}`,
    });
  }
}

/** What a person enters; the server adds the source, numbers and totals. Unknown fields (totals) are dropped. */
export const estimateInputSchema = estimateFields.superRefine(totalWithinLimit);
export type EstimateInput = z.input<typeof estimateInputSchema>;
export type EstimateValues = z.output<typeof estimateInputSchema>;

/** `PATCH /api/estimates/{id}`: the whole estimate again (lines replace the old ones) and the version read. */
export const updateEstimateSchema = estimateFields
  .extend({ version: z.number().int().min(1, 'The version is required') })
  .superRefine(totalWithinLimit);
export type UpdateEstimateValues = z.output<typeof updateEstimateSchema>;

export const estimateDecisionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), version: z.number().int().min(1), note: optionalText(2000) }),
  z.object({
    action: z.literal('reject'),
    version: z.number().int().min(1),
    note: z
      .string({ message: 'Say why the estimate is rejected' })
      .trim()
      .min(1, 'Say why the estimate is rejected')
      .max(2000, 'At most 2000 characters'),
  }),
]);
export type EstimateDecision = z.input<typeof estimateDecisionSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers

export const estimateLineSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  operation: z.enum(ESTIMATE_OPERATIONS),
  description: z.string(),
  partNumber: z.string().nullable(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  laborHours: z.number(),
  priceCents: z.number().int().describe('quantity × unit price'),
  laborCents: z.number().int().describe('labour hours × the estimate’s labour rate'),
  totalCents: z.number().int(),
  laborType: z.string().nullable().describe('An imported line’s labour type (LAB, LAR, LAM, LAF)'),
  change: z
    .enum(['added', 'changed'])
    .nullable()
    .describe('On an imported supplement: a line new since the previous version, or changed in it'),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

export const estimateSchema = z.object({
  id: z.uuid(),
  claimId: z.uuid(),
  source: z.enum(ESTIMATE_SOURCES),
  number: z.string().describe('The shop’s estimate number, shared by an original and its supplements'),
  supplementNumber: z.number().int().describe('0 for the original, then 1, 2, …'),
  status: z.enum(ESTIMATE_STATUSES),
  laborRateCents: z.number().int().nullable().describe('The rate the labour was priced at'),
  laborRateSource: z
    .enum(['facility', 'estimate'])
    .nullable()
    .describe('Where that rate came from: the repair facility, or the estimate itself'),
  taxRatePercent: z.number(),
  taxLabor: z.boolean(),
  note: z.string().nullable(),
  partsCents: z.number().int(),
  laborCents: z.number().int(),
  paintCents: z.number().int(),
  otherCents: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  lines: z.array(estimateLineSchema),
  version: z.number().int(),
  createdBy: personSchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  decidedBy: personSchema,
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  decisionNote: z.string().nullable(),
  external: z
    .object({
      documentId: z.string(),
      version: z.number().int().describe('0 for the original (EM), n for supplement n (SV)'),
      preliminary: z
        .boolean()
        .describe('An in-progress version: shown, never counted as the claim’s estimate'),
    })
    .nullable()
    .describe(
      'An imported estimate: CCC ONE (its DocumentID and version) or Tekmetric (the repair order id and the version synced)',
    ),
  deductibleCents: z.number().int().nullable(),
  netCents: z.number().int().nullable().describe('Total less the deductible, from an imported file'),
  changes: z
    .object({
      comparedWith: z.number().int().describe('The external version compared with'),
      added: z.number().int(),
      changed: z.number().int(),
      removed: z.array(z.object({ description: z.string(), totalCents: z.number().int() })),
    })
    .nullable()
    .describe('What an imported supplement changed since the previous version'),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const claimEstimatesSchema = z.object({
  items: z.array(estimateSchema).describe('Original first, then supplements in order'),
  facility: z
    .object({ name: z.string(), laborRateCents: z.number().int().nullable() })
    .nullable()
    .describe('The claim’s repair facility; its labour rate, when it has one, prices every estimate'),
});
export type ClaimEstimates = z.infer<typeof claimEstimatesSchema>;
