import { describe, expect, it } from 'vitest';
import { isoDate, optionalOdometer, optionalPhone, PHONE_MESSAGE } from './fields.js';

describe('phone numbers', () => {
  it.each(['(555) 010-4477', '555-010-4477', '+1 555 010 4477', '555.010.4477 ext. 12', '5550104477 x3', ''])(
    'accepts %j',
    (phone) => {
      expect(optionalPhone.safeParse(phone).success).toBe(true);
    },
  );

  it.each(['abc', '555-0100 call after 5', '12-34', '+'])('refuses %j', (phone) => {
    const result = optionalPhone.safeParse(phone);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
  });

  it('refuses a very long input by its length alone, at once', () => {
    const started = performance.now();
    const result = optionalPhone.safeParse(`1${' '.repeat(200_000)}a`);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['At most 40 characters']);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps an empty phone as none', () => {
    expect(optionalPhone.parse('  ')).toBeNull();
  });
});

describe('dates', () => {
  it('says an empty date is required, and a malformed one what it should look like', () => {
    const date = isoDate('Date of loss');
    expect(date.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'Date of loss is required',
    ]);
    expect(date.safeParse('10/01/2026').error?.issues.map((issue) => issue.message)).toEqual([
      'Date of loss must be a date (YYYY-MM-DD)',
    ]);
    expect(date.parse('2026-10-01')).toBe('2026-10-01');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-00-10', '2025-02-29', '0000-01-01'])(
    'says %s is not a day of the calendar',
    (value) => {
      expect(
        isoDate('Completed to')
          .safeParse(value)
          .error?.issues.map((issue) => issue.message),
      ).toEqual(['Completed to is not a day of the calendar']);
    },
  );

  it('accepts the leap day of a leap year', () => {
    expect(isoDate('Date of loss').parse('2028-02-29')).toBe('2028-02-29');
  });
});

describe('odometer readings', () => {
  const odometer = optionalOdometer('Odometer at intake');

  it.each([
    [Number.NaN, 'Odometer at intake must be a whole number of miles'], // "12abc" in a number field
    [1.5, 'Odometer at intake must be a whole number of miles'],
    [-1, 'Odometer at intake cannot be negative'],
    [5_000_001, 'Odometer at intake must be at most 5,000,000 miles'],
  ])('refuses %j with a message a person can act on', (value, message) => {
    expect(odometer.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('takes whole miles, or nothing', () => {
    expect(odometer.parse(67_304)).toBe(67_304);
    expect(odometer.parse(null)).toBeNull();
    expect(odometer.parse(undefined)).toBeUndefined();
  });
});
