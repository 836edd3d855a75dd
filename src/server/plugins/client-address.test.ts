import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { LOGIN_FAILURES_PER_ADDRESS } from '../modules/auth/index.js';
import { buildUser } from '../test/factories.js';
import { createTestApp } from '../test/test-app.js';

/**
 * Behind HAProxy (deploy/haproxy.cfg, `option forwardfor`), which appends the address it sees to whatever
 * X-Forwarded-For the client sent: with TRUST_PROXY naming the proxy, the throttle and the audit see the
 * address HAProxy appended, never one the client wrote (issue 28, finding 2).
 */
const PROXY = '10.0.0.5';
const CLIENT = '198.51.100.9';
const SPOOFED = '203.0.113.7';

describe('the client address behind a trusted proxy', async () => {
  const { app, database } = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8,127.0.0.1' } });
  const user = await buildUser(database.db);

  /** A login as HAProxy forwards it: the client's own header, then the address HAProxy saw. */
  const loginThroughProxy = (
    username: string,
    forwardedFor: string,
    { password = 'wrong-password-1', client = CLIENT } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `${forwardedFor}, ${client}` },
      payload: { username, password },
    });

  const failedLoginAddresses = async (username: string) =>
    (
      await database.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'login.failed'), sql`${auditLog.after}->>'username' = ${username}`))
    ).map((row) => row.ip);

  it('audits the address the proxy saw, not the one the client wrote', async () => {
    expect((await loginThroughProxy(user.username, SPOOFED)).statusCode).toBe(401);
    expect(await failedLoginAddresses(user.username)).toEqual([CLIENT]);
  });

  it('ignores X-Forwarded-For from a client that connects directly', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '192.0.2.44',
      headers: { 'x-forwarded-for': SPOOFED },
      payload: { username: 'direct-client', password: 'wrong-password-1' },
    });
    expect(response.statusCode).toBe(401);
    expect(await failedLoginAddresses('direct-client')).toEqual(['192.0.2.44']);
  });

  it('throttles the real client however its X-Forwarded-For changes', async () => {
    // Each try names another user (the per-username limit stays out of it) and claims another address.
    const client = '198.51.100.10';
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ADDRESS; attempt++) {
      const response = await loginThroughProxy(`nobody-${attempt}`, `203.0.113.${attempt + 10}`, { client });
      expect(response.statusCode).toBe(401);
    }
    const next = await loginThroughProxy(user.username, '203.0.113.250', { password: user.password, client });
    expect(next.statusCode).toBe(429);
  });
});
