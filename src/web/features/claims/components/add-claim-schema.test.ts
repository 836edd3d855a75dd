import { describe, expect, it } from 'vitest';

import { dollarsToCents, parseWholeNumber, vehicleStepSchema } from './add-claim-schema';

describe('dollars to cents', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0.29', 29],
    ['1,250.5', 125050],
    ['$80', 8000],
    ['19.99', 1999],
    ['7.', 700],
  ])('reads %j as %j cents, without floating-point drift', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it('leaves fractions of a cent and non-amounts for the shared schema to refuse', () => {
    expect(dollarsToCents('12.345')).toBeCloseTo(1234.5);
    expect(dollarsToCents('abc')).toBeNaN();
    expect(dollarsToCents('-5')).toBe(-500);
  });
});

describe('whole numbers', () => {
  it('reads empty as not given and ignores thousands separators', () => {
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('48,210')).toBe(48210);
    expect(parseWholeNumber('12a')).toBeNaN();
  });
});

describe('the vehicle step', () => {
  const emptyVehicle = {
    companyId: '',
    locationId: '',
    unitNumber: '',
    vin: '',
    year: '',
    make: '',
    model: '',
    plate: '',
    plateState: '',
    color: '',
    odometer: '',
  };

  it('needs a vehicle id for an existing vehicle, and ignores the new-vehicle fields', () => {
    const result = vehicleStepSchema.safeParse({ mode: 'existing', vehicleId: '', vehicle: emptyVehicle });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['vehicleId', 'Choose a vehicle or enter a new one'],
    ]);
  });

  it('turns a new vehicle into the API request, normalized by the shared schema', () => {
    const result = vehicleStepSchema.parse({
      mode: 'new',
      vehicleId: '',
      vehicle: {
        ...emptyVehicle,
        companyId: 'c0c0c0c0-0000-4000-8000-000000000001',
        unitNumber: ' AC-7 ',
        vin: '1ftbr1c80-mka00003',
        year: '2021',
        odometer: '48,210',
      },
    });
    expect(result).toEqual({
      vehicle: {
        companyId: 'c0c0c0c0-0000-4000-8000-000000000001',
        locationId: null,
        unitNumber: 'AC-7',
        vin: '1FTBR1C80MKA00003',
        year: 2021,
        make: null,
        model: null,
        plate: null,
        plateState: null,
        color: null,
        odometer: 48210,
      },
    });
  });

  it('fills an empty year from the VIN, so the request never waits for the live check', () => {
    const result = vehicleStepSchema.parse({
      mode: 'new',
      vehicleId: '',
      vehicle: {
        ...emptyVehicle,
        companyId: 'c0c0c0c0-0000-4000-8000-000000000001',
        unitNumber: 'AC-7',
        vin: '1FTBR1C80MKA00003',
      },
    });
    expect(result.vehicle?.year).toBe(2021);
  });
});
