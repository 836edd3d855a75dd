import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens } from '../../db/schema/index.js';
import { deliverDueMail, smtpSender } from '../../jobs/mail-outbox.js';
import { createLogger } from '../../logger.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { startTestSmtpServer } from '../../test/smtp.js';
import { createTestApp } from '../../test/test-app.js';

const logger = createLogger({ logLevel: 'silent' });

describe('forgot and reset password', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const smtp = await startTestSmtpServer();
  const sender = smtpSender(smtp.url);
  afterAll(async () => {
    sender.close();
    await smtp.close();
  });
  const deliver = () => deliverDueMail(db, sender, { from: 'FleetClaims <no-reply@test>', logger });

  const forgot = (email: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers });

  async function resetLinkFor(email: string) {
    await deliver();
    const mail = [...smtp.received].reverse().find((m) => m.to.includes(email));
    const link = mail && /http:\/\/localhost:5000\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body);
    if (!link) throw new Error(`no reset link mailed to ${email}`);
    return { url: link[0], token: link[1]! };
  }

  it('mails a single-use link built from APP_URL, never from the Host header', async () => {
    const user = await buildUser(db, { email: 'fiona@example.com', firstName: 'Fiona' });
    const response = await forgot('Fiona@Example.com', { host: 'evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'If an account exists with this email, you will receive password reset instructions.',
      remainingAttempts: 4,
    });
    const { url } = await resetLinkFor(user.email!);
    expect(url).toMatch(/^http:\/\/localhost:5000\/reset-password\//);
    const mail = smtp.received.at(-1)!;
    expect(mail.body).toContain('Subject: Reset your FleetClaims password');
    expect(mail.body).toContain('Hello Fiona');
    expect(mail.body).not.toContain('evil.example');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await forgot('nobody@example.com');
    expect(response.json()).toEqual({
      message: 'If an account exists with this email, you will receive password reset instructions.',
      remainingAttempts: 4,
    });
    await deliver();
    expect(smtp.received.length).toBe(before);
  });

  it('counts down the remaining attempts and refuses the 6th request in an hour', async () => {
    const counts = [];
    for (let i = 0; i < 5; i++) counts.push((await forgot('counter@example.com')).json().remainingAttempts);
    expect(counts).toEqual([4, 3, 2, 1, 0]);
    const sixth = await forgot('counter@example.com');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500);
    expect(sixth.json().message).toBe('Too many password reset attempts. Please try again later.');
  });

  it('validates the email address', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it('verifies the token, resets once, ends every session and lets the user log in', async () => {
    const user = await buildUser(db, { email: 'reset.me@example.com' });
    const oldSession = await loginAs(app, user);
    await forgot(user.email!);
    const { token } = await resetLinkFor(user.email!);

    const check = await app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` });
    expect(check.json()).toEqual({ valid: true, message: 'The reset link is valid.', firstPassword: false });

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Fresh-Passw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: oldSession } })).statusCode,
    ).toBe(401);
    await loginAs(app, { username: user.username, password: 'Fresh-Passw0rd' });

    const reuse = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Another-Passw0rd' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    const recheck = await app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` });
    expect(recheck.json()).toEqual({
      valid: false,
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    });
  });

  it('refuses a link older than 1 hour', async () => {
    const user = await buildUser(db, { email: 'late@example.com' });
    await forgot(user.email!);
    const { token } = await resetLinkFor(user.email!);
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Fresh-Passw0rd' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('applies the reset rules of the spec', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x', newPassword: 'lowercase1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must contain at least one uppercase letter');
  });

  it('keeps mail in the outbox while the mail server is down and sends it later', async () => {
    const user = await buildUser(db, { email: 'outage@example.com' });
    await forgot(user.email!);
    const down = smtpSender('smtp://127.0.0.1:1');
    const failed = await deliverDueMail(db, down, { from: 'x@test', logger });
    down.close();
    expect(failed).toEqual({ sent: 0, failed: 1 });
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email!));
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
    expect(queued!.lastError).toBeTruthy();

    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, queued!.id));
    await resetLinkFor(user.email!);
    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
