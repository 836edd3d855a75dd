import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userCompanies, users } from '../../db/schema/index.js';

/**
 * The condition on `users` for "an active user who may see this company's records": an admin (every
 * company) or a user linked to the company — the shared `canWorkOnClaimsOf` (`@shared/claims.policy`) as SQL,
 * for the lists that filter and page in the database (mentionable people, who decides an authorization).
 */
export function activeUserSeesCompany(db: Database, companyId: string): SQL {
  return and(
    eq(users.active, true),
    or(
      eq(users.role, 'admin'),
      inArray(
        users.id,
        db
          .select({ id: userCompanies.userId })
          .from(userCompanies)
          .where(eq(userCompanies.companyId, companyId)),
      ),
    ),
  )!;
}

/** Linked company ids per user, for many users in one query. */
export async function companyIdsByUser(db: Database, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userCompanies.userId, companyId: userCompanies.companyId })
    .from(userCompanies)
    .where(inArray(userCompanies.userId, userIds));
  for (const row of rows) byUser.get(row.userId)?.push(row.companyId);
  return byUser;
}
