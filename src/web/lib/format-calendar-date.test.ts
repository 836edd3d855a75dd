import { describe, expect, it } from 'vitest';

import { formatCalendarDate, formatCalendarDateLong, todayIsoDate } from './format-calendar-date';

describe('calendar dates', () => {
  const now = new Date(2026, 10, 22, 23, 30);

  it('leaves out the year of a date in the current year', () => {
    expect(formatCalendarDate('2026-11-20', now)).toBe('Nov 20');
    expect(formatCalendarDate('2025-01-03', now)).toBe('Jan 3, 2025');
  });

  it('reads the day as written, whatever the time zone', () => {
    expect(formatCalendarDate('2026-01-01', now)).toBe('Jan 1');
    expect(formatCalendarDateLong('2026-11-20')).toBe('Friday, November 20, 2026');
  });

  it('gives today in the local time zone', () => {
    expect(todayIsoDate(now)).toBe('2026-11-22');
  });

  it('returns anything that is not a date unchanged', () => {
    expect(formatCalendarDate('soon', now)).toBe('soon');
  });
});
