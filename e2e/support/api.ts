import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { vinCheckDigit } from '../../src/shared/vin';
import { currentServerURL, expect } from '../fixtures';

/** A short random tag that keeps the names a test creates apart from every other test's. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** A random VIN with a correct North American check digit (as src/server/test/claim-factories.ts). */
export function randomVin(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const chars = Array.from({ length: 17 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]!);
  chars[0] = '1';
  chars[8] = '0';
  const vin = chars.join('');
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** An API client signed in as `username`, for arranging data without the screens. */
export async function signedInApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  username: string,
  password: string,
) {
  const api = await playwright.request.newContext({ baseURL: currentServerURL() });
  const login = await api.post('/api/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

/** A calendar date (YYYY-MM-DD) `offsetDays` from today: -3 is three days ago. */
export const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export type CreatedClaim = { id: string; claimNumber: string; version: number; status: string };

/** A company made through the API; `fields` adds to (or replaces) the name and code made from `name`. */
export async function createCompany(api: APIRequestContext, name: string, fields: object = {}) {
  const tag = unique();
  const response = await api.post('/api/companies', {
    data: { name: `${name} ${tag}`, code: `${name.slice(0, 2).toUpperCase()}-${tag}`, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

/**
 * A user registered by `admin` who has already chosen their own password (the first login asks for it), so a
 * test can log in as them straight away.
 */
export async function createReadyUser(
  playwright: PlaywrightWorkerArgs['playwright'],
  admin: APIRequestContext,
  person: { firstName: string; lastName: string; role: 'admin' | 'manager' | 'viewer'; companyIds: string[] },
) {
  const username = `${person.firstName.toLowerCase()}_${unique()}`;
  const registered = await admin.post('/api/register', {
    data: { ...person, username, password: 'Temporary-pass-1', email: `${username}@example.com` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const user = await signedInApi(playwright, username, 'Temporary-pass-1');
  const password = 'Chosen-pass-1';
  const changed = await user.post('/api/change-password', { data: { newPassword: password } });
  expect(changed.ok(), await changed.text()).toBe(true);
  await user.dispose();
  return { id: ((await registered.json()) as { id: string }).id, username, password };
}

/**
 * A claim on a new vehicle of `companyId`: a collision lost three days ago, unless `fields` says otherwise;
 * `vehicle` adds to the vehicle's fields.
 */
export async function createClaim(
  api: APIRequestContext,
  companyId: string,
  { vehicle, ...fields }: { vehicle?: object; [field: string]: unknown } = {},
) {
  const response = await api.post('/api/vehicles', {
    data: {
      workflow: 'collision',
      description: 'Rear bumper damaged while backing into the loading dock',
      lossDate: isoDay(-3),
      ...fields,
      vehicle: {
        companyId,
        unitNumber: `U-${unique()}`,
        vin: randomVin(),
        year: 2022,
        make: 'Ford',
        model: 'Transit 250',
        ...vehicle,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedClaim;
}

/** Moves a claim through the API, step by step, and answers it as it ends up. */
export async function moveClaim(api: APIRequestContext, claim: CreatedClaim, ...steps: string[]) {
  let current = claim;
  for (const to of steps) {
    const moved = await api.post(`/api/vehicles/${current.id}/transitions`, {
      data: { to, version: current.version },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    current = (await moved.json()) as CreatedClaim;
  }
  return current;
}
