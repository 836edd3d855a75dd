import { AppError } from '@shared/errors.js';
import { computeEstimateTotals, type EstimateValues } from '@shared/estimates.js';
import { formatCents, MAX_AMOUNT_CENTS } from '@shared/money.js';
import type { EstimateVersionValues } from './estimate-versions.js';

const NO_LABOR_RATE = 'Enter a labour rate: the repair facility has none on file';

/**
 * The labour rate an estimate is priced at: the repair facility's when it has one, else the estimate's own.
 * Hours without any rate are refused rather than priced at nothing.
 */
function laborRateFor(facilityRateCents: number | null, input: EstimateValues) {
  if (facilityRateCents !== null) return { cents: facilityRateCents, source: 'facility' as const };
  if (input.laborRateCents != null) return { cents: input.laborRateCents, source: 'estimate' as const };
  if (input.lines.some((line) => line.laborHours > 0)) {
    throw new AppError('validation', NO_LABOR_RATE, { fieldErrors: { laborRateCents: [NO_LABOR_RATE] } });
  }
  return { cents: null, source: null };
}

/**
 * The version to store for what was entered (estimate-versions.ts writes it): totals are computed here, never
 * taken from a client.
 */
export function priced(input: EstimateValues, facilityRateCents: number | null): EstimateVersionValues {
  const rate = laborRateFor(facilityRateCents, input);
  const { lines: amounts, ...totals } = computeEstimateTotals({
    lines: input.lines,
    laborRateCents: rate.cents,
    taxRatePercent: input.taxRatePercent,
    taxLabor: input.taxLabor,
  });
  if (totals.totalCents > MAX_AMOUNT_CENTS) {
    const message = `An estimate totals at most ${formatCents(MAX_AMOUNT_CENTS)}`;
    throw new AppError('validation', message, { fieldErrors: { lines: [message] } });
  }
  return {
    number: input.number ?? null,
    laborRateCents: rate.cents,
    laborRateSource: rate.source,
    taxRatePercent: input.taxRatePercent,
    taxLabor: input.taxLabor,
    note: input.note ?? null,
    ...totals,
    lines: input.lines.map((line, position) => ({
      operation: line.operation,
      description: line.description,
      partNumber: line.partNumber ?? null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      laborHours: line.laborHours,
      ...amounts[position]!,
    })),
  };
}
