import { asc, eq } from 'drizzle-orm';
import type { CompanySummary } from '@shared/users.js';
import type { Database } from '../../db/client.js';
import { companies, userCompanies } from '../../db/schema/index.js';
import type { UserRow } from './session.service.js';

/** The companies whose records a user may see: every company for an admin, the linked ones otherwise. */
export async function listAccessibleCompanies(
  db: Database,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<CompanySummary[]> {
  const columns = { id: companies.id, name: companies.name, code: companies.code };
  if (user.role === 'admin') return db.select(columns).from(companies).orderBy(asc(companies.name));
  return db
    .select(columns)
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(userCompanies.userId, user.id))
    .orderBy(asc(companies.name));
}
