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

/** Volume is counted per week for ranges up to this many days, per month beyond. */
export const WEEKLY_UP_TO_DAYS = 92;
