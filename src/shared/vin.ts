import { z } from 'zod';

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase().replace(/[\s-]/g, '');
}

/** The check digit (position 9) a VIN should carry under the North American (49 CFR 565) rule. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = vin[i]!;
    const value = /[0-9]/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** North American VINs start with 1–5 (US, Canada, Mexico); only they must carry a valid check digit. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/**
 * A warning (not an error) when a North American VIN's check digit does not match: typos are common, but a
 * grey-market or very old vehicle can legitimately fail it, so the user may save anyway.
 */
export function vinWarning(vin: string): string | null {
  const normalized = normalizeVin(vin);
  if (!VIN_PATTERN.test(normalized) || !isNorthAmericanVin(normalized)) return null;
  return vinCheckDigit(normalized) === normalized[8]
    ? null
    : 'The VIN check digit does not match: please double-check the VIN.';
}

/** The model year from position 10 (the 30-year cycle is resolved toward the most recent year not in the future). */
export function vinModelYear(vin: string, now = new Date()): number | null {
  const codes = 'ABCDEFGHJKLMNPRSTVWXY123456789';
  const index = codes.indexOf(normalizeVin(vin)[9] ?? '');
  if (index < 0) return null;
  let year = 1980 + index;
  while (year + 30 <= now.getFullYear() + 1) year += 30;
  return year;
}

export const vinSchema = z
  .string()
  .transform(normalizeVin)
  .refine((vin) => vin.length > 0, { message: 'VIN is required', abort: true })
  .refine((vin) => vin.length === 17, 'A VIN has 17 characters')
  .refine((vin) => /^[A-Z0-9]*$/.test(vin), 'A VIN has only letters and digits')
  .refine((vin) => !/[IOQ]/.test(vin), 'A VIN never contains the letters I, O or Q');
