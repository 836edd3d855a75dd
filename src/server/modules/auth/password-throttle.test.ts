import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USERNAME } from './password-throttle.js';

/**
 * Password guesses are counted before the password is checked (issue 28, findings 1 and 10): however many
 * arrive at once, at most the limit of them is verified per username and per client address; the others
 * answer 429 without being checked.
 */
describe('the password throttle under concurrent guesses', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  let addresses = 0;
  /** Each test guesses from an address of its own, so that no test spends another's budget. */
  const freshAddress = () => `198.51.100.${++addresses}`;
  const login = (username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  const change = (cookie: string, currentPassword: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { currentPassword, newPassword: 'a-new-password-1' },
      remoteAddress,
    });
  const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
  const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;
  const failedLoginsOf = async (userId: string) =>
    (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, 'login.failed')))
    ).length;

  it(`verifies at most ${LOGIN_FAILURES_PER_USERNAME} of 50 simultaneous wrong logins for one username`, async () => {
    const user = await buildUser(db);
    const address = freshAddress();
    const codes = statuses(
      await Promise.all(Array.from({ length: 50 }, (_, i) => login(user.username, `wrong-${i}`, address))),
    );
    expect(countOf(codes, 401)).toBeLessThanOrEqual(LOGIN_FAILURES_PER_USERNAME);
    expect(countOf(codes, 401) + countOf(codes, 429)).toBe(50);
    expect(await failedLoginsOf(user.id)).toBe(countOf(codes, 401));
    const refused = await login(user.username, user.password, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`verifies at most ${LOGIN_FAILURES_PER_ADDRESS} of 50 simultaneous wrong logins from one address`, async () => {
    const address = freshAddress();
    const codes = statuses(
      await Promise.all(Array.from({ length: 50 }, (_, i) => login(`nobody-${i}`, 'wrong', address))),
    );
    expect(countOf(codes, 401)).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ADDRESS);
    expect(countOf(codes, 401) + countOf(codes, 429)).toBe(50);
    // Another address is not held back by this one.
    expect((await login('nobody-0', 'wrong', freshAddress())).statusCode).toBe(401);
  });

  it('does not spend the address budget on successful logins', async () => {
    const address = freshAddress();
    const user = await buildUser(db);
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS + 5; i++) {
      expect((await login(user.username, user.password, address)).statusCode).toBe(200);
    }
    expect((await login('nobody-at-all', 'wrong', address)).statusCode).toBe(401);
  });

  it('throttles wrong current passwords of a password change like logins, counted before checking', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const address = freshAddress();
    const codes: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++)
      codes.push((await change(cookie, 'nope', address)).statusCode);
    expect(codes).toEqual([
      ...Array<number>(LOGIN_FAILURES_PER_USERNAME).fill(400),
      ...Array<number>(8 - LOGIN_FAILURES_PER_USERNAME).fill(429),
    ]);
    const refused = await change(cookie, user.password, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes?\.$/);
    // The same budget as the login form: guessing through one door does not reopen the other.
    expect((await login(user.username, user.password, freshAddress())).statusCode).toBe(429);
  });

  it('counts a forced first change that gives the current password again, as a guess of it', async () => {
    const user = await buildUser(db, { mustChangePassword: true });
    const cookie = await loginAs(app, user);
    const address = freshAddress();
    const again = () =>
      app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { cookie },
        payload: { currentPassword: 'first-login-change', newPassword: user.password },
        remoteAddress: address,
      });
    const codes: number[] = [];
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_USERNAME + 1; attempt++)
      codes.push((await again()).statusCode);
    expect(codes).toEqual([...Array<number>(LOGIN_FAILURES_PER_USERNAME).fill(400), 429]);
  });

  it('verifies at most the limit of simultaneous wrong current passwords', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const address = freshAddress();
    const codes = statuses(
      await Promise.all(Array.from({ length: 20 }, () => change(cookie, 'nope', address))),
    );
    expect(countOf(codes, 400)).toBeLessThanOrEqual(LOGIN_FAILURES_PER_USERNAME);
    expect(countOf(codes, 400) + countOf(codes, 429)).toBe(20);
  });
});
