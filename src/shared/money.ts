/**
 * Money is integer cents everywhere (database, API, computations); dollars exist only on screen. Quantities
 * and hours carry two decimals and percentages three, and are turned into integers before any arithmetic so
 * that no amount ever depends on how a float rounds.
 */

/** The one currency the books are kept in. */
export const CURRENCY = 'USD';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** Integer cents as dollars: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return money.format(cents / 100);
}

/**
 * Integer cents as a plain decimal that spreadsheets and accounting packages read: dollars with two decimals, no
 * symbol or grouping, computed on integers (162147 → "1621.47", -5 → "-0.05").
 */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `numerator / denominator` rounded half up (away from zero), exact for integers below 2^53. */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) || 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** A decimal with at most `places` decimals as an integer count of its smallest unit (1.25, 2 → 125). */
export function toUnits(value: number, places: number): number {
  return Math.round(value * 10 ** places);
}

/** Whether a number has at most `places` decimals (tolerating the float noise of values typed as text). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * The largest estimate or authorization amount, in cents ($10,000,000.00): amounts are stored as 32-bit
 * integers, like the claim's own amounts.
 */
export const MAX_AMOUNT_CENTS = 1_000_000_000;
