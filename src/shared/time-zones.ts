import { z } from 'zod';

/**
 * IANA time zones (companies.time_zone): a company's day starts and its times are printed in its zone.
 * Validated against the runtime's Intl database, on both sides, and stored in its canonical spelling.
 */

let known: Map<string, string> | undefined;

/**
 * `name` spelled as the runtime lists it (any case accepted), or as typed when it is another name the runtime
 * knows (Asia/Kolkata, which ICU lists as Asia/Calcutta); null for an unknown zone.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: trimmed });
  } catch {
    return null;
  }
  known ??= new Map(timeZoneNames().map((zone) => [zone.toLowerCase(), zone]));
  return known.get(trimmed.toLowerCase()) ?? trimmed;
}

/** Every zone the runtime knows, sorted, UTC included. */
export function timeZoneNames(): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  return [...names].sort();
}

export const timeZoneSchema = z
  .string({ message: 'Choose a time zone' })
  .trim()
  .max(100, 'Not a known time zone')
  .transform((value, context) => {
    const canonical = canonicalTimeZone(value);
    if (canonical) return canonical;
    context.addIssue({ code: 'custom', message: 'Not a known time zone' });
    return z.NEVER;
  })
  .describe('An IANA time zone, e.g. America/Chicago');

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at `now`. */
export function dayIn(timeZone: string, now: Date): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A moment as a reader in `timeZone` sees it: "Nov 25, 2026, 1:05 PM CST". */
export function formatDateTimeIn(timeZone: string, moment: Date | string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(typeof moment === 'string' ? new Date(moment) : moment);
}
