import type { EstimateOperation } from './estimate-labels.js';
import { divideRounded, toUnits } from './money.js';

/** How an estimate's lines add up: each line's amounts, the totals by kind, the tax. Browser and server alike. */

export interface EstimateLineValues {
  operation: EstimateOperation;
  /** Up to two decimals. */
  quantity: number;
  unitPriceCents: number;
  /** Up to two decimals. */
  laborHours: number;
}

export interface EstimateLineAmounts {
  /** quantity × unit price, rounded half up to the cent. */
  priceCents: number;
  /** labour hours × labour rate, rounded half up to the cent. */
  laborCents: number;
  totalCents: number;
}

export interface EstimateTotals {
  partsCents: number;
  laborCents: number;
  paintCents: number;
  otherCents: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export interface EstimateTotalsInput {
  lines: readonly EstimateLineValues[];
  /** Cents per hour; null when neither the facility nor the estimate has one (hours then cost nothing). */
  laborRateCents: number | null;
  /** Percent, up to three decimals (8.875). */
  taxRatePercent: number;
  /** Whether tax applies to labour too (it always applies to parts, paint and other). */
  taxLabor: boolean;
}

/** The total a line's price counts in; its hours count in labour, except on paint lines (refinish labour). */
const PRICE_BUCKET: Record<EstimateOperation, 'parts' | 'labor' | 'paint' | 'other'> = {
  part: 'parts',
  labor: 'labor',
  paint: 'paint',
  sublet: 'other',
  other: 'other',
};

export function estimateLineAmounts(
  line: EstimateLineValues,
  laborRateCents: number | null,
): EstimateLineAmounts {
  const priceCents = divideRounded(toUnits(line.quantity, 2) * line.unitPriceCents, 100);
  const laborCents = divideRounded(toUnits(line.laborHours, 2) * (laborRateCents ?? 0), 100);
  return { priceCents, laborCents, totalCents: priceCents + laborCents };
}

/**
 * Each line is rounded to the cent first, so the lines always add up to the totals shown; tax is rounded
 * once, on the taxable subtotal.
 */
export function computeEstimateTotals(input: EstimateTotalsInput): EstimateTotals & {
  lines: EstimateLineAmounts[];
} {
  const sums = { parts: 0, labor: 0, paint: 0, other: 0 };
  const lines = input.lines.map((line) => {
    const amounts = estimateLineAmounts(line, input.laborRateCents);
    sums[PRICE_BUCKET[line.operation]] += amounts.priceCents;
    sums[line.operation === 'paint' ? 'paint' : 'labor'] += amounts.laborCents;
    return amounts;
  });
  const subtotalCents = sums.parts + sums.labor + sums.paint + sums.other;
  const taxableCents = subtotalCents - (input.taxLabor ? 0 : sums.labor);
  const taxCents = divideRounded(taxableCents * toUnits(input.taxRatePercent, 3), 100_000);
  return {
    partsCents: sums.parts,
    laborCents: sums.labor,
    paintCents: sums.paint,
    otherCents: sums.other,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    lines,
  };
}

const taxPercent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/**
 * The tax rate and what it is charged on, as computed above: "8.25%, labour exempt" (parts, paint and
 * other only) or "8.25%, labour included". Shared so the totals on screen and the claim PDF say the same.
 */
export function estimateTaxLabel(taxRatePercent: number, taxLabor: boolean): string {
  const rate = `${taxPercent.format(taxRatePercent)}%`;
  if (taxRatePercent <= 0) return rate;
  return `${rate}, ${taxLabor ? 'labour included' : 'labour exempt'}`;
}
