import { z } from 'zod';

/**
 * IANA time zones (companies.time_zone): a company's day starts and its times are printed in its zone.
 * One list, `timeZoneChoices()`, is both what the company form's picker offers and what the server accepts
 * (`timeZoneSchema`); it is the runtime's Intl database, so the browser and the server read the same one.
 */

/**
 * Zones ICU still lists under a name IANA has since replaced (the city renamed or the zone moved): the list
 * offers, and companies keep, the current name, so "Kolkata" or "Kyiv" finds its zone. Both names are valid
 * everywhere; a runtime that already lists the new name leaves this table unused.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone as the picker offers it: its IANA name and the city it is named after. */
export interface TimeZoneChoice {
  /** "America/Chicago": what is stored and sent. */
  zone: string;
  /** "Chicago": what people search for. */
  city: string;
}

/** "America/Argentina/Buenos_Aires" is named after "Buenos Aires"; UTC, named after no city, is spelled out. */
function cityOf(zone: string): string {
  if (zone === 'UTC') return 'Coordinated Universal Time';
  return zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');
}

let choices: readonly TimeZoneChoice[] | undefined;
let byName: Map<string, string> | undefined;

/** Every zone a company may have, sorted by name, UTC included: the picker's options, the server's rule. */
export function timeZoneChoices(): readonly TimeZoneChoice[] {
  choices ??= [
    ...new Set([...Intl.supportedValuesOf('timeZone').map((zone) => RENAMED[zone] ?? zone), 'UTC']),
  ]
    .sort()
    .map((zone) => ({ zone, city: cityOf(zone) }));
  return choices;
}

/** The zone of `timeZoneChoices()` that `name` spells (any case), else null. */
function listedZone(name: string): string | null {
  if (!byName) {
    byName = new Map(timeZoneChoices().map(({ zone }) => [zone.toLowerCase(), zone]));
    for (const [old, current] of Object.entries(RENAMED)) {
      if (byName.has(current.toLowerCase())) byName.set(old.toLowerCase(), current);
    }
  }
  return byName.get(name.toLowerCase()) ?? null;
}

/**
 * `name` as `timeZoneChoices()` spells it: a listed zone in any case, or another name of one (US/Central,
 * Etc/UTC, Asia/Calcutta) as the zone the list has for it; null for anything else.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  const listed = listedZone(trimmed);
  if (listed) return listed;
  try {
    return listedZone(new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/** The message for a zone not in the list, under the picker and in the API's 400. */
export const UNKNOWN_TIME_ZONE = 'Not a known time zone: choose one from the list, e.g. America/Chicago';

export const timeZoneSchema = z
  .string({ message: 'Choose a time zone' })
  .trim()
  .max(100, UNKNOWN_TIME_ZONE)
  .transform((value, context) => {
    const canonical = canonicalTimeZone(value);
    if (canonical) return canonical;
    context.addIssue({ code: 'custom', message: UNKNOWN_TIME_ZONE });
    return z.NEVER;
  })
  .describe('An IANA time zone of the list the company form offers, e.g. America/Chicago');

/**
 * One formatter per time zone and use, made the first time it is asked for: making an `Intl.DateTimeFormat` costs
 * far more than formatting with it (7 % of the server's time answering a kept report, which asks the reader's day
 * on every request: issue 30). The zones are the listed ones (`timeZoneSchema`), so the cache stays small.
 */
function formatterOf(locale: string, options: Intl.DateTimeFormatOptions) {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

// en-CA formats dates as YYYY-MM-DD.
const dayFormatter = formatterOf('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const momentFormatter = formatterOf('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * The day each zone was last asked, and the whole UTC minute it was asked in. Every zone's offset is a whole number
 * of minutes since 1972 (Monrovia's was the last with seconds), so a zone's day changes only at a whole UTC minute:
 * within the minute the day asked last is the answer. Formatting it is most of the time of `dayIn`, which a kept
 * report asks on every request (issue 30).
 */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1973, 0, 1);
const daysAsked = new Map<string, { minute: number; day: string }>();

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at `now`. */
export function dayIn(timeZone: string, now: Date): string {
  const at = now.getTime();
  const minute = Math.floor(at / 60_000);
  const asked = daysAsked.get(timeZone);
  if (asked?.minute === minute) return asked.day;
  const day = dayFormatter(timeZone).format(now);
  if (at >= WHOLE_MINUTE_OFFSETS_FROM) daysAsked.set(timeZone, { minute, day });
  return day;
}

/** A moment as a reader in `timeZone` sees it: "Nov 25, 2026, 1:05 PM CST". */
export function formatDateTimeIn(timeZone: string, moment: Date | string): string {
  return momentFormatter(timeZone).format(typeof moment === 'string' ? new Date(moment) : moment);
}
