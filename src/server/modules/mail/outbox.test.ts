import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OutboxMail } from '@shared/mail-outbox.js';
import type { RegisterResponse } from '@shared/users.js';
import { auditLog, jobRuns, mailOutbox } from '../../db/schema/index.js';
import { deliverDueMail } from '../../jobs/mail-outbox.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

const invite = (username: string) => ({
  username,
  firstName: 'Ines',
  lastName: 'Invite',
  email: `${username}@example.com`,
  role: 'viewer',
});

describe('creating a user without a mail server', async () => {
  // The test configuration has no SMTP_URL.
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));

  it('gives the administrator the set-password link, which the mail log never shows', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: admin },
      payload: invite('no_smtp_user'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { setPasswordUrl, username } = response.json() as RegisterResponse;
    expect(username).toBe('no_smtp_user');
    const token = /^http:\/\/localhost:5000\/reset-password\/([A-Za-z0-9_-]{43})$/.exec(
      setPasswordUrl ?? '',
    )?.[1];
    expect(token, setPasswordUrl).toBeTruthy();

    // The link sets the account's first password: its page says so.
    const check = await app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` });
    expect(check.json()).toEqual({
      valid: true,
      message: 'The link to set your first password is valid.',
      firstPassword: true,
    });

    // The welcome mail is held in the outbox, and the log line says so without its body.
    const logged: unknown[] = [];
    const log = (...args: unknown[]) => logged.push(args);
    const logger = { info: log, warn: log, error: log } as unknown as Parameters<
      typeof deliverDueMail
    >[2]['logger'];
    await deliverDueMail(db, null, { from: 'fleetclaims@example.com', logger });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'no_smtp_user@example.com'));
    expect(mail).toMatchObject({ status: 'held', templateKey: 'welcome' });
    expect(mail!.text).toContain(setPasswordUrl);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it('gives no link when the account has a temporary password', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: admin },
      payload: { ...invite('with_password'), password: 'Temporary-1' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('setPasswordUrl');
  });
});

describe('creating a user with a mail server', async () => {
  const { app, database } = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
  const admin = await loginAs(app, await buildUser(database.db, { role: 'admin' }));

  it('mails the link and does not hand it out', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: admin },
      payload: invite('smtp_user'),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('setPasswordUrl');
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'smtp_user@example.com'));
    expect(mail).toMatchObject({ status: 'pending', templateKey: 'welcome' });
  });

  it('says a reset email is queued, and gives no link', async () => {
    const user = await buildUser(database.db, { email: 'queued.reset@example.com' });
    const response = await app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/send-password-reset`,
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message:
        'The password reset email to queued.reset@example.com is queued: it goes out on the next delivery.',
      delivery: 'queued',
    });
  });
});

describe('the outbox', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const adminUser = await buildUser(db, { role: 'admin' });
  const admin = await loginAs(app, adminUser);
  const manager = await loginAs(app, await buildUser(db, { role: 'manager' }));

  const mail = async (to: string, status: 'pending' | 'sent' | 'failed' | 'held', createdAt: string) => {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to,
        subject: `Subject for ${to}`,
        html: '<p>Hello</p>',
        text: 'Hello',
        status,
        attempts: status === 'failed' ? 8 : 1,
        lastError: status === 'failed' ? '550 mailbox unavailable' : null,
        createdAt: new Date(createdAt),
      })
      .returning();
    return row!;
  };
  const held = await mail('held@example.com', 'held', '2026-11-20T10:00:00Z');
  const failed = await mail('failed@example.com', 'failed', '2026-11-21T10:00:00Z');
  await mail('pending@example.com', 'pending', '2026-11-22T10:00:00Z');
  const sent = await mail('sent@example.com', 'sent', '2026-11-23T10:00:00Z');

  const list = async (query = '') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/mail-outbox${query}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: OutboxMail[]; total: number };
  };

  it('lists held and failed mail, newest first, filtered by status and searched', async () => {
    const all = await list();
    expect(all.items.map((item) => [item.to, item.status])).toEqual([
      ['failed@example.com', 'failed'],
      ['held@example.com', 'held'],
    ]);
    expect(all.total).toBe(2);
    expect(all.items[0]).toMatchObject({ lastError: '550 mailbox unavailable', attempts: 8, text: 'Hello' });
    expect((await list('?status=held')).items.map((item) => item.to)).toEqual(['held@example.com']);
    expect((await list('?search=FAILED%40')).items.map((item) => item.to)).toEqual(['failed@example.com']);
    const sentOnes = await app.inject({
      method: 'GET',
      url: '/api/mail-outbox?status=sent',
      headers: { cookie: admin },
    });
    expect(sentOnes.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/mail-outbox', headers: { cookie: manager } })).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/mail-outbox/${held.id}/resend`,
          headers: { cookie: manager },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('without a mail server, Resend answers the mail still held, and it stays in the list', async () => {
    const resend = (id: string) =>
      app.inject({ method: 'POST', url: `/api/mail-outbox/${id}/resend`, headers: { cookie: admin } });

    const response = await resend(held.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: held.id, status: 'held', attempts: 1 });
    // A failed mail resent without a mail server would only be held: it is, at once.
    expect((await resend(failed.id)).json()).toMatchObject({ id: failed.id, status: 'held' });
    expect((await list()).items.map((item) => [item.to, item.status])).toEqual([
      ['failed@example.com', 'held'],
      ['held@example.com', 'held'],
    ]);
    // Nothing was sent again: no audit entry says so.
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, held.id))).toEqual([]);

    // Mail on its way or sent is not sent twice; an unknown id is not found.
    expect((await resend(sent.id)).json()).toEqual({
      message: 'Only held or failed mail can be sent again: this one is on its way or sent',
      code: 'conflict',
    });
    expect((await resend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await resend('nope')).statusCode).toBe(400);
  });
});

describe('the outbox with a mail server', async () => {
  const { app, database } = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
  const db = database.db;
  const adminUser = await buildUser(db, { role: 'admin' });
  const admin = await loginAs(app, adminUser);

  it('sends a held or failed mail again, audited, and wakes the delivery', async () => {
    const [failed] = await db
      .insert(mailOutbox)
      .values({
        to: 'failed@example.com',
        subject: 'Subject for failed@example.com',
        html: '<p>Hello</p>',
        text: 'Hello',
        status: 'failed',
        attempts: 8,
        lastError: '550 mailbox unavailable',
      })
      .returning();
    const resend = (id: string) =>
      app.inject({ method: 'POST', url: `/api/mail-outbox/${id}/resend`, headers: { cookie: admin } });

    const response = await resend(failed!.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: failed!.id,
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    const listed = await app.inject({ method: 'GET', url: '/api/mail-outbox', headers: { cookie: admin } });
    expect((listed.json() as { items: OutboxMail[] }).items).toEqual([]);

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, failed!.id));
    expect(audit).toMatchObject({
      action: 'mail.resent',
      entityType: 'mail',
      actorId: adminUser.id,
      after: { to: 'failed@example.com', subject: 'Subject for failed@example.com' },
    });
    const wakes = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'mail.deliver'), eq(jobRuns.status, 'queued')));
    expect(wakes.length).toBeGreaterThanOrEqual(1);

    // Mail on its way is not sent twice.
    expect((await resend(failed!.id)).statusCode).toBe(409);
  });
});

describe('the outbox and links that sign in (issue 28, finding 9)', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const other = await buildUser(db, { role: 'admin', email: 'other.admin@example.com' });

  it('masks reset and set-password links in every answer, and Resend keeps the original body', async () => {
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: other.email },
    });
    expect(forgot.statusCode, forgot.body).toBeLessThan(300);
    const created = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: admin },
      payload: invite('masked_invite'),
    });
    expect(created.statusCode, created.body).toBe(201);
    // Without a mail server the delivery holds both mails.
    const quiet = () => undefined;
    const logger = { info: quiet, warn: quiet, error: quiet } as unknown as Parameters<
      typeof deliverDueMail
    >[2]['logger'];
    await deliverDueMail(db, null, { from: 'fleetclaims@example.com', logger });

    const listed = await app.inject({ method: 'GET', url: '/api/mail-outbox', headers: { cookie: admin } });
    expect(listed.statusCode, listed.body).toBe(200);
    const items = (listed.json() as { items: OutboxMail[] }).items;
    const reset = items.find((item) => item.to === other.email);
    const welcome = items.find((item) => item.to === 'masked_invite@example.com');
    expect(reset?.templateKey).toBe('password_reset');
    expect(welcome?.templateKey).toBe('welcome');
    for (const item of [reset!, welcome!]) {
      expect(item.text).toContain('http://localhost:5000/reset-password/[hidden]');
      expect(item.text).not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);
    }

    const resent = await app.inject({
      method: 'POST',
      url: `/api/mail-outbox/${reset!.id}/resend`,
      headers: { cookie: admin },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect((resent.json() as OutboxMail).text).not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);
    // The mail itself keeps its link: what goes out on the next delivery is the original body.
    const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, reset!.id));
    expect(stored!.status).toBe('held');
    expect(stored!.text).toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(stored!.html).toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
  });
});
