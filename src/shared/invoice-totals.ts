import { divideRounded, toUnits } from './money.js';

/** Amount of a line: quantity (two decimals) × unit price, rounded half up to the cent. */
export function lineAmountCents(quantity: number, unitPriceCents: number): number {
  return divideRounded(toUnits(quantity, 2) * unitPriceCents, 100);
}

/** Subtotal, tax (on the taxable lines, at a percentage with three decimals, rounded once) and total. */
export function invoiceTotals(
  lines: readonly { quantity: number; unitPriceCents: number; taxable: boolean }[],
  taxRatePercent: number,
) {
  let subtotalCents = 0;
  let taxableCents = 0;
  for (const line of lines) {
    const amount = lineAmountCents(line.quantity, line.unitPriceCents);
    subtotalCents += amount;
    if (line.taxable) taxableCents += amount;
  }
  const taxCents = divideRounded(taxableCents * toUnits(taxRatePercent, 3), 100_000);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * An invoice's tax (computed once on its taxable subtotal) shared over its taxable lines in proportion to their
 * amounts, the odd cents going to the largest remainders (the earlier line on a tie), so that the lines' taxes
 * add up to the invoice's exactly — for accounting packages that import tax per line.
 */
export function lineTaxCents(
  lines: readonly { amountCents: number; taxable: boolean }[],
  taxCents: number,
): number[] {
  const taxable = lines.reduce((sum, line) => sum + (line.taxable ? line.amountCents : 0), 0);
  if (taxable <= 0) return lines.map(() => 0);
  const shares = lines.map((line, index) => {
    const exact = line.taxable ? BigInt(taxCents) * BigInt(line.amountCents) : 0n;
    return { index, cents: Number(exact / BigInt(taxable)), remainder: exact % BigInt(taxable) };
  });
  let left = taxCents - shares.reduce((sum, share) => sum + share.cents, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left <= 0) break;
    if (!lines[share.index]!.taxable) continue;
    share.cents += 1;
    left -= 1;
  }
  return shares.map((share) => share.cents);
}
