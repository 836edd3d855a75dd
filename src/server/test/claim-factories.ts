import { randomBytes } from 'node:crypto';
import type { CreateClaimInput } from '@shared/claims.js';
import { vinCheckDigit } from '@shared/vin.js';
import type { App } from '../app.js';

/** A random VIN with a correct North American check digit. */
export function randomVin(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const chars = Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]!);
  chars[0] = '1';
  chars[8] = '0';
  const vin = chars.join('');
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

export function newClaimInput(
  companyId: string,
  overrides: Partial<CreateClaimInput> = {},
): CreateClaimInput {
  return {
    workflow: 'collision',
    description: 'Rear bumper damaged while backing into the loading dock',
    lossDate: '2026-11-02',
    vehicle: {
      companyId,
      unitNumber: `U-${randomBytes(3).toString('hex')}`,
      vin: randomVin(),
      year: 2022,
      make: 'Ford',
      model: 'Transit 250',
      plate: `FC${randomBytes(2).toString('hex').toUpperCase()}`,
    },
    ...overrides,
  };
}

/** The claim the CCC fixture `estimate-total-loss.xml` names: its claim number and the Silverado's VIN. */
export function silveradoClaimInput(companyId: string): CreateClaimInput {
  return newClaimInput(companyId, {
    insurerClaimNumber: 'FC-2026-0388',
    vehicle: {
      companyId,
      unitNumber: 'S-3319',
      vin: '1GCUYDED3KZ218834',
      year: 2019,
      make: 'Chevrolet',
      model: 'Silverado 1500',
      plate: 'FLT3319',
    },
  });
}

/** Creates a claim through the API as the user of `cookie` and answers the claim. */
export async function createClaimVia(app: App, cookie: string, input: CreateClaimInput) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: { cookie },
    payload: input,
  });
  if (response.statusCode !== 201)
    throw new Error(`create claim failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
