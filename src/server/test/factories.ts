import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { UserRole } from '@shared/auth.js';
import type { ClaimStatus } from '@shared/workflows.js';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import {
  claims,
  claimStatusHistory,
  companies,
  estimates,
  userCompanies,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/index.js';

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

/**
 * A claim written straight to the database with its status history (`history`: each status entered and when, the
 * last one its status): reported at the first entry, completed at the `completed` one. The rest of the row from
 * `values`. For tests that need claims at given moments, which the API stamps with the time of the request.
 */
export async function buildClaimWithHistory(
  db: Database,
  vehicle: { id: string; companyId: string },
  history: [ClaimStatus, Date][],
  values: Omit<Partial<typeof claims.$inferInsert>, 'vehicleId' | 'companyId'> & { number: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(claims)
      .values({
        workflow: 'collision',
        description: 'Built by a test',
        ...values,
        vehicleId: vehicle.id,
        companyId: vehicle.companyId,
        status: history.at(-1)![0],
        lossDate: history[0]![1].toISOString().slice(0, 10),
        createdAt: history[0]![1],
        statusChangedAt: history.at(-1)![1],
        completedAt: history.find(([to]) => to === 'completed')?.[1],
      })
      .returning();
    let from: ClaimStatus | null = null;
    for (const [to, when] of history) {
      await tx
        .insert(claimStatusHistory)
        .values({ claimId: row!.id, fromStatus: from, toStatus: to, createdAt: when });
      from = to;
    }
    return row!;
  });
}

/** A claim moved straight in the database at `when` (a history entry and the claim's status), with `values`. */
export async function moveClaimDirectly(
  db: Database,
  claimId: string,
  [from, to]: [ClaimStatus, ClaimStatus],
  when: Date,
  values: Partial<typeof claims.$inferInsert> = {},
) {
  await db.transaction(async (tx) => {
    await tx.insert(claimStatusHistory).values({ claimId, fromStatus: from, toStatus: to, createdAt: when });
    await tx
      .update(claims)
      .set({
        status: to,
        statusChangedAt: when,
        completedAt: to === 'completed' ? when : undefined,
        ...values,
      })
      .where(eq(claims.id, claimId));
  });
}
