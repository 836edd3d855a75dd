import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../secret-box.js';
import { backoffDelayMs, retryAfterMs } from './tekmetric-client.js';
import { authorizationFigures, jobDecision, normalizeVin } from './tekmetric-ro.js';

const job = (id: number, subtotal: number, authorized: boolean, authorizedDate: string | null) => ({
  id,
  name: `Job ${id}`,
  authorized,
  authorizedDate,
  subtotal,
});

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens what it sealed, with a fresh IV each time', () => {
    const sealed = sealSecret(key, 'tek-secret');
    expect(sealed).not.toContain('tek-secret');
    expect(sealSecret(key, 'tek-secret')).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe('tek-secret');
  });

  it('refuses another key or a changed value', () => {
    const sealed = sealSecret(key, 'tek-secret');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => openSecret(key, parts.join('.'))).toThrow();
  });
});

describe('back-off', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('waits 2ⁿ s plus up to a second of jitter, capped', () => {
    expect(backoffDelayMs(1, 0, 60_000)).toBe(2000);
    expect(backoffDelayMs(3, 0.999, 60_000)).toBe(8999);
    expect(backoffDelayMs(10, 0.5, 60_000)).toBe(60_000);
  });
});

describe('RO jobs → authorization', () => {
  it('reads a decision per job (api doc §6)', () => {
    expect(jobDecision({ authorized: true, authorizedDate: '2026-11-14T09:12:40' })).toBe('approved');
    expect(jobDecision({ authorized: false, authorizedDate: '2026-11-14T09:12:40' })).toBe('declined');
    expect(jobDecision({ authorized: false, authorizedDate: null })).toBe('pending');
  });

  it('sums requested, approved, declined and pending cents and names the status (RO 2301457)', () => {
    const jobs = [job(1, 62_000, true, 'x'), job(2, 32_640, false, 'x'), job(3, 7_245, false, null)];
    expect(authorizationFigures(jobs)).toEqual({
      status: 'partially_approved',
      requestedCents: 101_885,
      approvedCents: 62_000,
      declinedCents: 32_640,
      pendingCents: 7_245,
    });
    expect(authorizationFigures([job(1, 100, false, null)]).status).toBe('pending');
    expect(authorizationFigures([job(1, 100, true, 'x')]).status).toBe('approved');
    expect(authorizationFigures([job(1, 100, false, 'x'), job(2, 5, false, null)]).status).toBe('pending');
    expect(authorizationFigures([job(1, 100, false, 'x')]).status).toBe('declined');
  });
});

describe('VIN normalisation', () => {
  it('trims and upper-cases; junk is no VIN', () => {
    expect(normalizeVin(' 1ftbr2c88mka41207 ')).toBe('1FTBR2C88MKA41207');
    expect(normalizeVin('sample-vin')).toBeNull();
    expect(normalizeVin('')).toBeNull();
    expect(normalizeVin(null)).toBeNull();
    expect(normalizeVin('1FTBR2C88MKA4120O')).toBeNull();
  });
});
