import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_KEYS } from '@shared/email-templates.js';
import { mailOutbox } from '../../db/schema/index.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { queueMail } from './mail.service.js';

describe('email templates', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await buildUser(db, { role: 'admin', email: 'template.admin@example.com' });
  const cookie = await loginAs(app, admin);
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('lists every key of the product with its default and placeholders', async () => {
    const response = await call('GET', '/api/email-templates');
    expect(response.json().map((t: { key: string }) => t.key)).toEqual([...EMAIL_TEMPLATE_KEYS]);
    const reset = response.json().find((t: { key: string }) => t.key === 'password_reset');
    expect(reset).toMatchObject({
      customized: false,
      subject: 'Reset your FleetClaims password',
      updatedAt: null,
    });
    expect(Object.keys(reset.placeholders)).toEqual(['firstName', 'username', 'resetUrl']);
  });

  it('uses an edited template for the next mail, and resets to the default', async () => {
    const edited = {
      subject: 'Password help for {{username}}',
      html: '<p>Go to {{resetUrl}}</p>',
      text: 'Go to {{resetUrl}}',
    };
    const saved = await call('PUT', '/api/email-templates/password_reset', edited);
    expect(saved.json()).toMatchObject({ ...edited, customized: true });

    await queueMail(db, {
      to: 'someone@example.com',
      template: 'password_reset',
      values: { username: 'sam', resetUrl: 'https://x/r/1' },
    });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'someone@example.com'));
    expect(mail).toMatchObject({ subject: 'Password help for sam', html: '<p>Go to https://x/r/1</p>' });

    const reset = await call('DELETE', '/api/email-templates/password_reset');
    expect(reset.json()).toMatchObject({ customized: false, subject: 'Reset your FleetClaims password' });
  });

  it('previews with sample data, HTML-escaping placeholder values', async () => {
    const response = await call('POST', '/api/email-templates/mention/preview', {
      subject: '{{author}} mentioned you',
      html: '<blockquote>{{note}}</blockquote>',
      text: '{{note}}',
    });
    expect(response.json()).toEqual({
      subject: 'Sam Manager mentioned you',
      html: '<blockquote>@dana can you confirm the ETA with the shop?</blockquote>',
      text: '@dana can you confirm the ETA with the shop?',
    });
  });

  it('sends a test to the admin’s own address', async () => {
    const response = await call('POST', '/api/email-templates/welcome/test', {
      subject: 'Welcome {{firstName}}',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    // The test app has no mail server: the answer says the mail is held.
    expect(response.json()).toEqual({
      message:
        'No mail server is configured, so the test mail to template.admin@example.com is held in the outbox.',
      delivery: 'held',
    });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'template.admin@example.com'));
    expect(mail!.subject).toBe('[Test] Welcome Dana');
  });

  it('validates, refuses unknown keys and non-admins', async () => {
    expect(
      (await call('PUT', '/api/email-templates/welcome', { subject: '', html: 'x', text: 'x' })).json()
        .message,
    ).toBe('Subject is required');
    expect((await call('GET', '/api/email-templates/nope')).statusCode).toBe(400);
    const manager = await loginAs(app, await buildUser(db, { role: 'manager' }));
    expect(
      (await app.inject({ method: 'GET', url: '/api/email-templates', headers: { cookie: manager } }))
        .statusCode,
    ).toBe(403);
  });
});
