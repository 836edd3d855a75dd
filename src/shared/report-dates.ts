import type { ReportFilter } from './reports.js';

/** The days a report counts: its range on the server's calendar, and the period before it to compare. */

export interface DateSpan {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const ymd = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
const parseDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month: month - 1, date };
};
/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const { year, month, date } = parseDay(day);
  return ymd(year, month, date + days);
}
/** Calendar days from `from` to `to`, both included. */
export function daysIn(span: DateSpan): number {
  const start = parseDay(span.from);
  const end = parseDay(span.to);
  return (
    Math.round(
      (Date.UTC(end.year, end.month, end.date) - Date.UTC(start.year, start.month, start.date)) / 86_400_000,
    ) + 1
  );
}

/** The days a range covers on `today` (YYYY-MM-DD, the calendar the server counts in). */
export function resolveRange(filter: Pick<ReportFilter, 'range' | 'from' | 'to'>, today: string): DateSpan {
  const { year, month, date } = parseDay(today);
  switch (filter.range) {
    case 'this_month':
      return { from: ymd(year, month, 1), to: today };
    case 'last_month':
      return { from: ymd(year, month - 1, 1), to: ymd(year, month, 0) };
    case 'last_30_days':
      return { from: ymd(year, month, date - 29), to: today };
    case 'last_90_days':
      return { from: ymd(year, month, date - 89), to: today };
    case 'quarter_to_date':
      return { from: ymd(year, month - (month % 3), 1), to: today };
    case 'year_to_date':
      return { from: ymd(year, 0, 1), to: today };
    case 'last_year':
      return { from: ymd(year - 1, 0, 1), to: ymd(year - 1, 11, 31) };
    case 'custom':
      return { from: filter.from ?? today, to: filter.to ?? today };
  }
}

/** The period of the same length right before `span`. */
export function previousSpan(span: DateSpan): DateSpan {
  return { from: addDays(span.from, -daysIn(span)), to: addDays(span.from, -1) };
}

/** The longest custom period a report covers (issue 28: a span of centuries answered megabytes, or a 500). */
export const MAX_REPORT_SPAN_YEARS = 10;
export const REPORT_SPAN_LIMIT_MESSAGE = `A custom period can cover at most ${MAX_REPORT_SPAN_YEARS} years`;
/** The first and last day a custom period may start or end on. */
export const REPORT_FIRST_DAY = '1900-01-01';
export const REPORT_LAST_DAY = '2199-12-31';
export const REPORT_DAYS_ORDER_MESSAGE = 'To must not be before From';

/** `day` moved by whole years (29 February to 1 March in a common year). */
function addYears(day: string, years: number): string {
  const { year, month, date } = parseDay(day);
  return ymd(year + years, month, date);
}

/**
 * What is wrong with a custom period, field by field (none for a preset): both days, each within REPORT_FIRST_DAY to
 * REPORT_LAST_DAY, in order, at most MAX_REPORT_SPAN_YEARS apart. The server's filter schema and the reports page's
 * filter bar both ask here, so they refuse the same periods with the same words.
 */
export function customPeriodIssues(
  filter: Pick<ReportFilter, 'range' | 'from' | 'to'>,
): { path: 'from' | 'to'; message: string }[] {
  if (filter.range !== 'custom') return [];
  const issues: { path: 'from' | 'to'; message: string }[] = [];
  const { from, to } = filter;
  if (!from) issues.push({ path: 'from', message: 'From is required' });
  if (!to) issues.push({ path: 'to', message: 'To is required' });
  if (from && to && from > to) issues.push({ path: 'to', message: REPORT_DAYS_ORDER_MESSAGE });
  // The limit first: the message of a period of centuries names it.
  else if (from && to && to >= addYears(from, MAX_REPORT_SPAN_YEARS))
    issues.push({ path: 'to', message: REPORT_SPAN_LIMIT_MESSAGE });
  const between = `between ${REPORT_FIRST_DAY} and ${REPORT_LAST_DAY}`;
  if (from && (from < REPORT_FIRST_DAY || from > REPORT_LAST_DAY))
    issues.push({ path: 'from', message: `From must be ${between}` });
  if (to && (to < REPORT_FIRST_DAY || to > REPORT_LAST_DAY))
    issues.push({ path: 'to', message: `To must be ${between}` });
  return issues;
}

/** Volume is counted per week for ranges up to this many days, per month beyond. */
export const WEEKLY_UP_TO_DAYS = 92;
