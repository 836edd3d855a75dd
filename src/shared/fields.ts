import { z } from 'zod';

/** Optional free text: trimmed, at most `max` characters, and empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** An optional email address; empty becomes null. */
export const optionalEmail = z
  .string()
  .trim()
  .max(320, { message: 'At most 320 characters', abort: true })
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Please enter a valid email address')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/**
 * What a phone number may look like: digits with the usual separators, a leading +, and an extension
 * ("(555) 010-4477", "+1 555 010 4477 ext. 12"); at least seven digits. No two parts of the pattern match the
 * same character, so a long input fails in linear time (it is also checked for length first).
 */
export const PHONE_PATTERN = /^\+?[0-9().\-\s]+(?:(?:ext\.?|x)\s*[0-9]{1,6})?$/i;
export const PHONE_MESSAGE = 'Please enter a valid phone number';
const PHONE_MAX = 40;

export function isPhoneNumber(value: string): boolean {
  return value.length <= PHONE_MAX && PHONE_PATTERN.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 7;
}

/** An optional phone number; empty becomes null. */
export const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX, { message: `At most ${PHONE_MAX} characters`, abort: true })
  .refine((value) => value === '' || isPhoneNumber(value), PHONE_MESSAGE)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/**
 * The latest calendar date anywhere now (UTC+14): a date the user's own calendar calls today passes, whatever
 * their time zone, while tomorrow everywhere is still refused.
 */
export const latestToday = () => new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A calendar date as YYYY-MM-DD; empty says it is required rather than that its format is wrong. */
export const isoDate = (label: string) =>
  z
    .string()
    .min(1, { message: `${label} is required`, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(isCalendarDay, `${label} is not a day of the calendar`);

/**
 * 2026-02-28 is a day of the calendar; 2026-02-30, 2026-13-01 and year 0000 are not (PostgreSQL would refuse
 * them: its calendar has no year 0).
 */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !value.startsWith('0000') && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  );
}

export const ODOMETER_MAX = 5_000_000;
const ODOMETER_MESSAGE = 'Odometer must be a whole number of miles';

/** An optional odometer reading in whole miles. */
export const optionalOdometer = (label = 'Odometer') =>
  z
    .number({ message: ODOMETER_MESSAGE.replace('Odometer', label) })
    .int(ODOMETER_MESSAGE.replace('Odometer', label))
    .min(0, `${label} cannot be negative`)
    .max(ODOMETER_MAX, `${label} must be at most ${ODOMETER_MAX.toLocaleString('en-US')} miles`)
    .nullable()
    .optional();
