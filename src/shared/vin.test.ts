import { describe, expect, it } from 'vitest';
import { normalizeVin, vinCheckDigit, vinModelYear, vinSchema, vinWarning } from './vin.js';

describe('VIN rules', () => {
  it('accepts a valid North American VIN without a warning', () => {
    expect(vinSchema.parse(' 1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinWarning('1HGCM82633A004352')).toBeNull();
  });

  it('warns, without refusing, when the check digit is wrong', () => {
    expect(vinSchema.safeParse('1HGCM82643A004352').success).toBe(true);
    expect(vinWarning('1HGCM82643A004352')).toBe(
      'The VIN check digit does not match: please double-check the VIN.',
    );
  });

  it('does not apply the check digit to VINs from elsewhere', () => {
    expect(vinWarning('WVWZZZ1JZXW000001')).toBeNull();
  });

  it.each([
    ['', 'VIN is required'],
    ['  ', 'VIN is required'],
    ['1HGCM82633A00435', 'A VIN has 17 characters'],
    ['1HGCM82633A00435O', 'A VIN never contains the letters I, O or Q'],
    ['1HGCM82633A00435!', 'A VIN has only letters and digits'],
  ])('refuses %s: %s', (vin, message) => {
    const result = vinSchema.safeParse(vin);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('reads the model year', () => {
    expect(vinModelYear('1HGCM82633A004352', new Date('2026-06-01'))).toBe(2003);
    expect(vinModelYear('1FTFW1E50NFA00001', new Date('2026-06-01'))).toBe(2022);
    expect(normalizeVin('1hg-cm8 2633a004352')).toBe('1HGCM82633A004352');
  });
});
