import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from './db/schema/index.js';
import { createLogger } from './logger.js';
import { buildUser, loginAs } from './test/factories.js';
import { createTestApp } from './test/test-app.js';

/**
 * No log line keeps a secret that is in an address: the single-use token of a reset or set-password link
 * (`/reset-password/<token>`, `/api/auth/verify-reset-token/<token>`) and the code of a Google sign-in.
 */
describe('secrets in addresses stay out of the log', async () => {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, { write: (line) => lines.push(line) });
  const { app, database } = await createTestApp({ logger });
  const user = await buildUser(database.db, { email: 'rita@example.com' });

  async function mailedToken(): Promise<string> {
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    if (!token) throw new Error('no reset link in the mail');
    return token;
  }

  it('logs the reset link requests without the token', async () => {
    const token = await mailedToken();
    lines.length = 0;
    const verify = await app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` });
    expect(verify.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/reset-password/${token}`, headers: { accept: 'text/html' } });
    await app.inject({ method: 'GET', url: `/reset-password/${token}?from=mail` });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'short' },
    });
    expect(reset.statusCode).toBe(400);
    const log = lines.join('');
    expect(log).toContain('"url":"/api/auth/verify-reset-token/[redacted]"');
    expect(log).toContain('"url":"/reset-password/[redacted]"');
    expect(log).toContain('"url":"/reset-password/[redacted]?from=mail"');
    expect(log).not.toContain(token);
  });

  it('logs a Google callback without its code and state', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/auth/google/callback?state=st4te-s3cret&code=c0de-s3cret' });
    const log = lines.join('');
    expect(log).toContain('"url":"/api/auth/google/callback?state=[redacted]&code=[redacted]"');
    expect(log).not.toMatch(/s3cret/);
  });

  it('keeps the token out of a logged error and its message', async () => {
    const token = await mailedToken();
    lines.length = 0;
    app.log.error(
      { err: new Error(`could not open /reset-password/${token}`) },
      `failed on /api/auth/verify-reset-token/${token}`,
    );
    const log = lines.join('');
    expect(log).toContain('could not open /reset-password/[redacted]');
    expect(log).toContain('failed on /api/auth/verify-reset-token/[redacted]');
    expect(log).not.toContain(token);
  });

  it('keeps an API token out of the log, in its header or anywhere else', async () => {
    const admin = await buildUser(database.db, { role: 'admin' });
    const cookie = await loginAs(app, admin);
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: { cookie },
      payload: {
        name: 'Log check',
        scopes: ['vehicles.view'],
        companyIds: null,
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    const { token } = created.json() as { token: string };
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: `/api/vehicles?token=${token}`,
      headers: { authorization: `Bearer ${token}` },
    });
    app.log.warn(`an integration sent ${token} in a note`);
    const log = lines.join('');
    expect(log).toContain('an integration sent fct_[redacted] in a note');
    expect(log).not.toContain(token.slice(4));
  });
});
