import type { PlaywrightWorkerArgs } from '@playwright/test';
import { vinCheckDigit } from '../../src/shared/vin';
import { expect, test } from '../fixtures';

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
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}
