import { describe, expect, it } from 'vitest';

import { centsToDollarsInput, formatLaborRate, parseDollars } from './labor-rate';

describe('labour rate in dollars', () => {
  it.each([
    ['125', 12_500],
    ['125.5', 12_550],
    ['125.50', 12_550],
    ['$1,250.00', 125_000],
    ['0.29', 29],
    [' 95. ', 9_500],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });

  it('reads an empty field as no rate', () => {
    expect(parseDollars('  ')).toEqual({ ok: true, cents: null });
  });

  it.each([
    ['-5', 'The labour rate cannot be negative'],
    ['12.345', 'Use at most two decimals (whole cents)'],
    ['abc', 'Enter the rate in dollars, e.g. 125.50'],
    ['1.2.3', 'Enter the rate in dollars, e.g. 125.50'],
  ])('refuses %j: %s', (text, message) => {
    expect(parseDollars(text)).toEqual({ ok: false, message });
  });

  it('shows cents as dollars an hour and as the form edits them', () => {
    expect(formatLaborRate(12_550)).toBe('$125.50/h');
    expect(formatLaborRate(null)).toBeNull();
    expect(centsToDollarsInput(9_500)).toBe('95.00');
    expect(centsToDollarsInput(null)).toBe('');
  });
});
