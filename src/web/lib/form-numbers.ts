/**
 * Numbers as people type them into forms, turned into the API's types before the shared schemas check
 * them. Anything unreadable becomes NaN, so the schema answers with its own message ("… must be an
 * amount"), the same one the server would give.
 */

/** Dollars ("1,234.50", "$80") as cents; empty is null. */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^-?\d*\.?\d*$/.test(cleaned)) return Number.NaN;
  // Rounded at a millionth of a cent, so 19.99 is 1999 and not 1998.9999999999998; 1.234 stays 123.4.
  return Math.round(Number(cleaned) * 100 * 1e6) / 1e6;
}

/** Cents as a dollars input shows them: "1234.50", or empty. */
export function centsToDollarsText(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
}

/** A decimal ("1.5", "2", "8.875") as a number; empty is undefined, so the schema's default applies. */
export function decimalValue(text: string): number | undefined {
  const cleaned = text.replace(/[,\s%]/g, '');
  if (cleaned === '') return undefined;
  if (!/^-?\d*\.?\d*$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}
