import { randomBytes } from 'node:crypto';
import type { UserRole } from '@shared/auth.js';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { companies, estimates, userCompanies, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';

const unique = () => randomBytes(4).toString('hex');

export const DEFAULT_PASSWORD = 'Correct-horse-1';

export async function buildCompany(db: Database, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const suffix = unique();
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${suffix}`, code: `C${suffix}`.toUpperCase(), ...overrides })
    .returning();
  return company!;
}

/** A user who can log in with DEFAULT_PASSWORD (and need not change it) unless overridden. */
export async function buildUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> & {
    role?: UserRole;
    password?: string;
    companyIds?: string[];
  } = {},
) {
  const { password = DEFAULT_PASSWORD, companyIds = [], ...columns } = overrides;
  const suffix = unique();
  const [user] = await db
    .insert(users)
    .values({
      username: `user_${suffix}`,
      email: `user_${suffix}@example.com`,
      firstName: 'Test',
      lastName: `User ${suffix}`,
      role: 'viewer',
      passwordHash: await hashPassword(password),
      mustChangePassword: false,
      ...columns,
    })
    .returning();
  if (companyIds.length) {
    await db.insert(userCompanies).values(companyIds.map((companyId) => ({ userId: user!.id, companyId })));
  }
  return { ...user!, password };
}

/** Logs in through the real endpoint and answers the Cookie header to send with later requests. */
export async function loginAs(app: App, user: { username: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: user.username, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'fc_session');
  if (!cookie) throw new Error('no session cookie in the response');
  return `fc_session=${cookie.value}`;
}

/** An estimate of `totalCents` (all parts, no tax) on a claim: supplement 0 is the original. */
export async function buildEstimate(
  db: Database,
  claimId: string,
  supplementNumber: number,
  totalCents: number,
  status: 'pending' | 'approved' = 'approved',
) {
  await db.insert(estimates).values({
    claimId,
    source: 'manual',
    number: `E-${claimId.slice(0, 4)}-${supplementNumber}`,
    supplementNumber,
    status,
    partsCents: totalCents,
    laborCents: 0,
    paintCents: 0,
    otherCents: 0,
    subtotalCents: totalCents,
    taxCents: 0,
    totalCents,
  });
}
