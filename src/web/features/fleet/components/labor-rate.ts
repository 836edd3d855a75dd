import type { RepairFacility } from '@shared/fleet';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$125.50/h", or null when the facility has no rate on file. */
export function formatLaborRate(cents: number | null): string | null {
  return cents === null ? null : `${dollars.format(cents / 100)}/h`;
}

/** Cents as the form shows them: "125.50", or empty. */
export function centsToDollarsInput(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

export type ParsedDollars = { ok: true; cents: number | null } | { ok: false; message: string };

/**
 * What was typed in a dollars field, in whole cents: "125", "125.5", "$1,250.00" are all fine; empty means
 * no rate. Decimal text is split rather than multiplied, so 0.29 is 29 cents and never 28.999….
 */
export function parseDollars(text: string): ParsedDollars {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (plain === '') return { ok: true, cents: null };
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(plain);
  if (!match) {
    return /^-/.test(plain)
      ? { ok: false, message: 'The labour rate cannot be negative' }
      : /^\d+\.\d{3,}$/.test(plain)
        ? { ok: false, message: 'Use at most two decimals (whole cents)' }
        : { ok: false, message: 'Enter the rate in dollars, e.g. 125.50' };
  }
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return { ok: true, cents: whole * 100 + fraction };
}

export const FACILITY_KIND_LABELS: Record<RepairFacility['kind'], string> = {
  collision: 'Collision',
  mechanical: 'Mechanical',
  both: 'Collision & mechanical',
};
