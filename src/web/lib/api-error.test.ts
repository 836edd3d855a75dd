import { fieldErrorsSchema } from '@shared/errors';
import { describe, expect, it } from 'vitest';

import { apiErrorFromResponse, isFieldErrors } from './api-error';

const samples: unknown[] = [
  { username: ['Username is required'] },
  { 'lines.0.amount': ['Must be positive', 'Too large'] },
  {},
  { username: [] },
  { username: 'Username is required' },
  { username: [1] },
  [['a']],
  null,
  undefined,
  'fieldErrors',
  42,
];

describe('isFieldErrors', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample) ?? 'undefined', sample]))(
    'answers %s as the shared fieldErrorsSchema does',
    (_label, sample) => {
      expect(isFieldErrors(sample)).toBe(fieldErrorsSchema.safeParse(sample).success);
    },
  );
});

describe('apiErrorFromResponse', () => {
  it('carries the message, code and field messages of a 400', async () => {
    const body = { message: 'Check the form', code: 'validation', fieldErrors: { vin: ['VIN is invalid'] } };
    const error = await apiErrorFromResponse(new Response(JSON.stringify(body), { status: 400 }));
    expect(error).toMatchObject({ status: 400, message: 'Check the form', code: 'validation' });
    expect(error.fieldErrors).toEqual({ vin: ['VIN is invalid'] });
  });

  it('leaves out field messages of the wrong shape', async () => {
    const body = { message: 'Bad', fieldErrors: { vin: 'VIN is invalid' } };
    const error = await apiErrorFromResponse(new Response(JSON.stringify(body), { status: 400 }));
    expect(error.fieldErrors).toBeUndefined();
  });
});
