import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import { buildCompany, buildUser, DEFAULT_PASSWORD, loginAs, sessionCookieOf } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { LOGIN_FAILURES_PER_USERNAME } from './password-throttle.js';
import { SESSION_IDLE_TIMEOUT_MS } from './session.service.js';

describe('login and sessions', async () => {
  const { app, database } = await createTestApp({
    // Stands in for background polling (the notification poll): it must not keep a session alive.
    beforeReady: (instance) => {
      instance.get(
        '/api/test/poll',
        { config: { access: 'authenticated', countsAsActivity: false } },
        async () => ({}),
      );
      // What every request's session holds of its user.
      instance.get('/api/test/session-user', { config: { access: 'authenticated' } }, async (request) =>
        Object.keys(request.auth!.user).sort(),
      );
    },
  });
  const db = database.db;
  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });
  const me = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

  it('answers 401 for the current user when nobody is logged in', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'You are not logged in' });
  });

  it('validates the login form with the spec messages', async () => {
    const response = await login('', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Username is required',
      fieldErrors: { username: ['Username is required'], password: ['Password is required'] },
    });
  });

  it('logs in with the right password, case-insensitively by username, and sets a safe cookie', async () => {
    const user = await buildUser(db, { role: 'manager' });
    const response = await login(user.username.toUpperCase(), DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      username: user.username,
      role: 'manager',
      isImpersonating: false,
      originalAdmin: null,
    });
    expect(body).not.toHaveProperty('passwordHash');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/fc_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect((await me(sessionCookieOf(response))).json().username).toBe(user.username);
  });

  it('stores only a hash of the session token', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const token = cookie.split('=')[1]!;
    const stored = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same answer for a wrong password, an unknown user and a deactivated user', async () => {
    const user = await buildUser(db);
    const inactive = await buildUser(db, { active: false });
    for (const [username, password] of [
      [user.username, 'wrong-password'],
      ['nobody-by-this-name', 'whatever'],
      [inactive.username, DEFAULT_PASSWORD],
    ]) {
      const response = await login(username!, password!);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password', code: 'unauthorized' });
    }
  });

  it("loads no password hash with a request's session", async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const keys = (
      await app.inject({ method: 'GET', url: '/api/test/session-user', headers: { cookie } })
    ).json();
    expect(keys).toContain('role');
    expect(keys).not.toContain('passwordHash');
  });

  it('issues a new token at every login (no session fixation)', async () => {
    const user = await buildUser(db);
    const first = await loginAs(app, user);
    const second = sessionCookieOf(await login(user.username, user.password, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('ends the session on the server at logout', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const response = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/fc_session=;/);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('expires a session after the idle timeout and after its absolute lifetime', async () => {
    const user = await buildUser(db);
    const idle = await loginAs(app, user);
    await db
      .update(sessions)
      .set({ lastActiveAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await me(idle)).statusCode).toBe(401);

    const old = await loginAs(app, user);
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await me(old)).statusCode).toBe(401);
  });

  it('counts requests as activity, but not background polling', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const longAgo = new Date(Date.now() - 30 * 60 * 1000);
    const lastActive = async () =>
      (await db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastActiveAt;
    await db.update(sessions).set({ lastActiveAt: longAgo }).where(eq(sessions.userId, user.id));
    expect((await app.inject({ method: 'GET', url: '/api/test/poll', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect(await lastActive()).toEqual(longAgo);
    await me(cookie);
    expect((await lastActive()).getTime()).toBeGreaterThan(Date.now() - 5000);
  });

  it('ends every session of a user who is deactivated', async () => {
    const admin = await buildUser(db, { role: 'admin' });
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const adminCookie = await loginAs(app, admin);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie: adminCookie },
      payload: { active: false },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('refuses state-changing requests from another origin', async () => {
    const user = await buildUser(db);
    const response = await login(user.username, user.password, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-origin request refused');
    const sameOrigin = await login(user.username, user.password, { origin: 'http://localhost:5000' });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('audits successful and failed logins and logouts', async () => {
    const user = await buildUser(db);
    await login(user.username, 'wrong');
    const cookie = await loginAs(app, user);
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const actions = (
      await db.select().from(auditLog).where(eq(auditLog.entityId, user.id)).orderBy(auditLog.id)
    ).map((row) => row.action);
    expect(actions).toEqual(['login.failed', 'login.succeeded', 'logout']);
  });

  describe('throttling', () => {
    it(`refuses the ${LOGIN_FAILURES_PER_USERNAME + 1}th try after ${LOGIN_FAILURES_PER_USERNAME} failures, even with the right password`, async () => {
      const user = await buildUser(db);
      for (let attempt = 0; attempt < LOGIN_FAILURES_PER_USERNAME; attempt++) {
        expect((await login(user.username, 'wrong')).statusCode).toBe(401);
      }
      const refused = await login(user.username, user.password);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(
        /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/,
      );
    });

    it('throttles an unknown username the same way, so existence is not revealed', async () => {
      for (let attempt = 0; attempt < LOGIN_FAILURES_PER_USERNAME; attempt++) await login('ghost-user', 'x');
      const refused = await login('ghost-user', 'x');
      expect(refused.statusCode).toBe(429);
    });

    it('keeps counts in the database, shared by every process', async () => {
      const user = await buildUser(db);
      await login(user.username, 'wrong');
      const rows = await database.db.execute(
        sql`select count from rate_limits where key = ${`login:user:${user.username}`}`,
      );
      expect((rows as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(1);
    });
  });

  describe('permissions and companies of the current user', () => {
    it.each([
      ['viewer', ['notes.create', 'reports.view', 'vehicles.view']],
      [
        'manager',
        [
          'api.tokens.own',
          'attachments.upload',
          'claims.authorize',
          'claims.transition',
          'companies.dashboard',
          'locations.dashboard',
          'notes.create',
          'reports.view',
          'vehicles.create',
          'vehicles.edit',
          'vehicles.view',
        ],
      ],
    ] as const)('lists the %s permissions', async (role, expected) => {
      const cookie = await loginAs(app, await buildUser(db, { role }));
      const response = await app.inject({ method: 'GET', url: '/api/user/permissions', headers: { cookie } });
      expect([...response.json()].sort()).toEqual(expected);
    });

    it('lists only the linked companies of a manager, and every company for an admin', async () => {
      const mine = await buildCompany(db, { name: 'Acme Rentals' });
      const other = await buildCompany(db, { name: 'Zenith Fleet' });
      const manager = await buildUser(db, { role: 'manager', companyIds: [mine.id] });
      const cookie = await loginAs(app, manager);
      const response = await app.inject({ method: 'GET', url: '/api/user/companies', headers: { cookie } });
      expect(response.json()).toEqual([{ id: mine.id, name: 'Acme Rentals', code: mine.code }]);
      const adminCookie = await loginAs(app, await buildUser(db, { role: 'admin' }));
      const all = await app.inject({
        method: 'GET',
        url: '/api/user/companies',
        headers: { cookie: adminCookie },
      });
      expect(all.json().map((c: { id: string }) => c.id)).toEqual(
        expect.arrayContaining([mine.id, other.id]),
      );
    });
  });

  describe('changing the password', () => {
    const change = (cookie: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/change-password', headers: { cookie }, payload });

    it('accepts the forced first change without the current password and clears the flag', async () => {
      const user = await buildUser(db, { mustChangePassword: true });
      const cookie = await loginAs(app, user);
      expect((await me(cookie)).json().mustChangePassword).toBe(true);
      const response = await change(cookie, {
        currentPassword: 'first-login-change',
        newPassword: 'brand-new-1',
      });
      expect(response.statusCode).toBe(200);
      const next = sessionCookieOf(response);
      expect((await me(next)).json().mustChangePassword).toBe(false);
      expect((await login(user.username, 'brand-new-1')).statusCode).toBe(200);
    });

    it('refuses the password the user already has, on the forced first change and on a normal one', async () => {
      const forced = await buildUser(db, { mustChangePassword: true });
      const same = await change(await loginAs(app, forced), {
        currentPassword: 'first-login-change',
        newPassword: forced.password,
      });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toMatchObject({
        message: 'Choose a new password that differs from your current one',
        fieldErrors: { newPassword: ['Choose a new password that differs from your current one'] },
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: forced.username, password: forced.password },
      });
      expect(login.json().mustChangePassword).toBe(true);
      const normal = await buildUser(db);
      const again = await change(await loginAs(app, normal), {
        currentPassword: normal.password,
        newPassword: normal.password,
      });
      expect(again.json().message).toBe('Choose a new password that differs from your current one');
    });

    it('checks the current password on a normal change', async () => {
      const user = await buildUser(db);
      const cookie = await loginAs(app, user);
      const wrong = await change(cookie, { currentPassword: 'nope', newPassword: 'another-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'Current password is incorrect',
        fieldErrors: { currentPassword: ['Current password is incorrect'] },
      });
      const short = await change(cookie, { currentPassword: user.password, newPassword: '12345' });
      expect(short.json().message).toBe('Password must be at least 6 characters');
    });

    it('ends the other sessions and rotates the current one', async () => {
      const user = await buildUser(db);
      const elsewhere = await loginAs(app, user);
      const here = await loginAs(app, user);
      const response = await change(here, { currentPassword: user.password, newPassword: 'rotated-pass-1' });
      expect(response.statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      expect((await me(here)).statusCode).toBe(401);
      expect((await me(sessionCookieOf(response))).statusCode).toBe(200);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    });
  });
});

describe('sessions behind https', async () => {
  const { app, database } = await createTestApp({ env: { APP_URL: 'https://claims.example.com' } });

  it('marks the session cookie Secure when APP_URL is https', async () => {
    const user = await buildUser(database.db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
    });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});
