import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema/index.js';
import { buildCompany, buildUser, loginAs, sessionCookieOf } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('user management', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await buildUser(db, { role: 'admin', username: 'root_admin' });
  const adminCookie = await loginAs(app, admin);
  const as = (cookie: string) => ({ cookie });

  const newUser = (overrides: object = {}) => ({
    username: `driver_${Math.random().toString(36).slice(2, 8)}`,
    password: 'Temporary-1',
    firstName: 'Dana',
    lastName: 'Fleet',
    email: `dana.${Math.random().toString(36).slice(2, 8)}@example.com`,
    role: 'manager',
    ...overrides,
  });

  describe('POST /api/register', () => {
    it('lets an admin create a user who must change the password, without touching the admin session', async () => {
      const company = await buildCompany(db);
      const payload = newUser({ companyIds: [company.id] });
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: as(adminCookie),
        payload,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        username: payload.username,
        role: 'manager',
        mustChangePassword: true,
        active: true,
        companyIds: [company.id],
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      const stillAdmin = await app.inject({ method: 'GET', url: '/api/user', headers: as(adminCookie) });
      expect(stillAdmin.json().username).toBe('root_admin');

      const cookie = await loginAs(app, { username: payload.username, password: 'Temporary-1' });
      const me = await app.inject({ method: 'GET', url: '/api/user', headers: as(cookie) });
      expect(me.json().mustChangePassword).toBe(true);
    });

    it('refuses a taken username or email whatever their case', async () => {
      const payload = newUser();
      await app.inject({ method: 'POST', url: '/api/register', headers: as(adminCookie), payload });
      const sameName = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: as(adminCookie),
        payload: newUser({ username: payload.username.toUpperCase() }),
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toMatchObject({
        message: 'That username is already taken',
        fieldErrors: { username: ['That username is already taken'] },
      });
      const sameEmail = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: as(adminCookie),
        payload: newUser({ email: payload.email.toUpperCase() }),
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().message).toBe('A user with this email already exists');
    });

    it('validates every field with a clear message', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: as(adminCookie),
        payload: { username: 'a b', firstName: '', lastName: 'X', email: 'nope', role: 'owner' },
      });
      expect(response.statusCode).toBe(400);
      const { fieldErrors } = response.json();
      expect(fieldErrors.username).toBeDefined();
      expect(fieldErrors.firstName).toEqual(['First name is required']);
      expect(fieldErrors.email).toEqual(['Please enter a valid email address']);
      expect(fieldErrors.role).toBeDefined();
    });

    it('is refused to managers (403) and to visitors (401)', async () => {
      const manager = await buildUser(db, { role: 'manager' });
      const byManager = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: as(await loginAs(app, manager)),
        payload: newUser(),
      });
      expect(byManager.statusCode).toBe(403);
      expect(byManager.json()).toEqual({
        message: 'You do not have permission to do this',
        code: 'forbidden',
      });
      const anonymous = await app.inject({ method: 'POST', url: '/api/register', payload: newUser() });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('listing and editing', () => {
    it('searches, filters by role and company, and pages', async () => {
      const company = await buildCompany(db);
      await buildUser(db, {
        role: 'viewer',
        firstName: 'Quincy',
        lastName: 'Zebra',
        companyIds: [company.id],
      });
      await buildUser(db, { role: 'manager', firstName: 'Quincy', lastName: 'Other' });
      const search = await app.inject({
        method: 'GET',
        url: '/api/users?search=quincy',
        headers: as(adminCookie),
      });
      expect(search.json().total).toBe(2);
      const byRole = await app.inject({
        method: 'GET',
        url: '/api/users?search=quincy&role=viewer',
        headers: as(adminCookie),
      });
      expect(byRole.json().items.map((u: { lastName: string }) => u.lastName)).toEqual(['Zebra']);
      const byCompany = await app.inject({
        method: 'GET',
        url: `/api/users?companyId=${company.id}`,
        headers: as(adminCookie),
      });
      expect(byCompany.json().items).toHaveLength(1);
      const paged = await app.inject({
        method: 'GET',
        url: '/api/users?pageSize=1&page=2',
        headers: as(adminCookie),
      });
      expect(paged.json()).toMatchObject({ page: 2, pageSize: 1 });
      expect(paged.json().items).toHaveLength(1);
    });

    it('changes role and companies and audits both', async () => {
      const user = await buildUser(db, { role: 'viewer' });
      const company = await buildCompany(db);
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: as(adminCookie),
        payload: { role: 'manager', companyIds: [company.id] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role: 'manager', companyIds: [company.id] });
      const audits = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, user.id))
        .orderBy(auditLog.id);
      expect(audits.map((a) => a.action).sort()).toEqual(['user.companies_changed', 'user.role_changed']);
      expect(audits.find((a) => a.action === 'user.role_changed')).toMatchObject({
        actorId: admin.id,
        before: 'viewer',
        after: 'manager',
      });
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      const unknown = await app.inject({
        method: 'GET',
        url: '/api/users/00000000-0000-4000-8000-000000000000',
        headers: as(adminCookie),
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await app.inject({ method: 'GET', url: '/api/users/42', headers: as(adminCookie) });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('Not a valid user id');
    });

    it('does not let an admin lock themselves out', async () => {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        headers: as(adminCookie),
        payload: { active: false },
      });
      expect(response.statusCode).toBe(409);
    });
  });

  describe('impersonation', () => {
    it('acts as another user under a new token, then returns to the admin', async () => {
      const cookie = await loginAs(app, admin);
      const target = await buildUser(db, { role: 'viewer' });
      const start = await app.inject({
        method: 'POST',
        url: `/api/users/${target.id}/impersonate`,
        headers: as(cookie),
      });
      expect(start.statusCode).toBe(200);
      const impersonating = sessionCookieOf(start);
      expect(impersonating).not.toBe(cookie);
      expect((await app.inject({ method: 'GET', url: '/api/user', headers: as(cookie) })).statusCode).toBe(
        401,
      );

      const me = await app.inject({ method: 'GET', url: '/api/user', headers: as(impersonating) });
      expect(me.json()).toMatchObject({
        username: target.username,
        role: 'viewer',
        isImpersonating: true,
        originalAdmin: { username: 'root_admin' },
      });
      // The impersonated user's permissions apply, not the admin's.
      const users = await app.inject({ method: 'GET', url: '/api/users', headers: as(impersonating) });
      expect(users.statusCode).toBe(403);

      const back = await app.inject({
        method: 'POST',
        url: '/api/return-to-admin',
        headers: as(impersonating),
      });
      expect(back.statusCode).toBe(200);
      const adminAgain = sessionCookieOf(back);
      expect(
        (await app.inject({ method: 'GET', url: '/api/user', headers: as(adminAgain) })).json(),
      ).toMatchObject({
        username: 'root_admin',
        isImpersonating: false,
        originalAdmin: null,
      });
      expect(
        (await app.inject({ method: 'GET', url: '/api/user', headers: as(impersonating) })).statusCode,
      ).toBe(401);

      const audits = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, target.id))
        .orderBy(auditLog.id);
      expect(audits.map((a) => [a.action, a.actorId])).toEqual([
        ['impersonation.started', admin.id],
        ['impersonation.ended', admin.id],
      ]);
    });

    it('records the impersonating admin on what is done meanwhile', async () => {
      const cookie = await loginAs(app, admin);
      const target = await buildUser(db, { role: 'admin' });
      const victim = await buildUser(db, { role: 'viewer' });
      const impersonating = sessionCookieOf(
        await app.inject({ method: 'POST', url: `/api/users/${target.id}/impersonate`, headers: as(cookie) }),
      );
      await app.inject({
        method: 'PATCH',
        url: `/api/users/${victim.id}`,
        headers: as(impersonating),
        payload: { role: 'manager' },
      });
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, victim.id));
      expect(entry).toMatchObject({ actorId: target.id, impersonatorId: admin.id });
    });

    it('refuses return-to-admin when not impersonating, and change-password while impersonating', async () => {
      const cookie = await loginAs(app, admin);
      expect(
        (await app.inject({ method: 'POST', url: '/api/return-to-admin', headers: as(cookie) })).json(),
      ).toEqual({
        message: 'You are not impersonating anyone',
        code: 'bad_request',
      });
      const target = await buildUser(db);
      const impersonating = sessionCookieOf(
        await app.inject({ method: 'POST', url: `/api/users/${target.id}/impersonate`, headers: as(cookie) }),
      );
      const change = await app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: as(impersonating),
        payload: { currentPassword: 'x', newPassword: 'whatever-1' },
      });
      expect(change.statusCode).toBe(403);
    });

    it('is refused to managers', async () => {
      const manager = await buildUser(db, { role: 'manager' });
      const target = await buildUser(db);
      const response = await app.inject({
        method: 'POST',
        url: `/api/users/${target.id}/impersonate`,
        headers: as(await loginAs(app, manager)),
      });
      expect(response.statusCode).toBe(403);
    });
  });
});

describe('mail from user management', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await buildUser(db, { role: 'admin', firstName: 'Alex', lastName: 'Admin' });
  const cookie = await loginAs(app, admin);

  it('mails a set-password link to a user created without a temporary password', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie },
      payload: {
        username: 'invited_user',
        firstName: 'Ines',
        lastName: 'Invite',
        email: 'ines@example.com',
        role: 'viewer',
      },
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ines@example.com'));
    expect(mail).toMatchObject({ templateKey: 'welcome', subject: 'Your FleetClaims account' });
    expect(mail!.text).toContain(
      'Alex Admin created a FleetClaims account for you. Your username is invited_user.',
    );
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    // No password yet: the user cannot log in until they use the link.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'invited_user', password: '' },
        })
      ).statusCode,
    ).toBe(400);
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Chosen-Pass1' },
    });
    expect(set.statusCode).toBe(200);
    await loginAs(app, { username: 'invited_user', password: 'Chosen-Pass1' });
  });

  it('sends a reset link on an admin’s request, audited', async () => {
    const user = await buildUser(db, { email: 'forgetful@example.com' });
    const response = await app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/send-password-reset`,
      headers: { cookie },
    });
    // The test app has no mail server: the answer says the mail is held and gives the link, which works.
    const { resetUrl, ...answer } = response.json() as { resetUrl?: string };
    expect(answer).toEqual({
      message:
        'No mail server is configured, so the password reset email to forgetful@example.com is held in the outbox. Copy the link and send it yourself.',
      delivery: 'held',
    });
    const token = /^http:\/\/localhost:5000\/reset-password\/([A-Za-z0-9_-]{43})$/.exec(resetUrl ?? '')?.[1];
    expect(token, resetUrl).toBeTruthy();
    const check = await app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` });
    expect(check.json()).toMatchObject({ valid: true, firstPassword: false });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'forgetful@example.com'));
    expect(mail!.templateKey).toBe('password_reset');
    expect(mail!.text).toContain(resetUrl);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, user.id))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toContain('password.reset_sent');
    const noEmail = await buildUser(db, { email: null });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/users/${noEmail.id}/send-password-reset`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
  });
});
