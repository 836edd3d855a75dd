import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { Company, CompanyValues, ListRecordsQuery } from '@shared/fleet.js';
import { actorScope, type Actor, type CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { isUniqueViolation } from '../../db/errors.js';
import { likePattern } from '../../db/like-pattern.js';
import { claims, companies } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { assertInScope, withinScope } from '../../company-scope.js';
import { EMPTY_SUMMARY, pageWithSummaries, summariesBy } from './record-summary.js';

export const COMPANY_NOT_FOUND = 'Company not found';
const CODE_TAKEN = 'Another company already uses this code';

type CompanyRow = typeof companies.$inferSelect;

function present(row: CompanyRow, summary = EMPTY_SUMMARY): Company {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, summary };
}

function codeTaken(error: unknown) {
  return isUniqueViolation(error, 'companies_code_key')
    ? new AppError('conflict', CODE_TAKEN, { fieldErrors: { code: [CODE_TAKEN] } })
    : null;
}

export async function listCompanies(db: Database, scope: CompanyScope, query: ListRecordsQuery) {
  const conditions: (SQL | undefined)[] = [withinScope(scope, companies.id)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(companies.name, pattern), ilike(companies.code, pattern)));
  }
  if (query.active) conditions.push(eq(companies.active, query.active === 'true'));
  const where = and(...conditions);
  const page = await selectPage(
    db,
    db.select().from(companies).where(where).orderBy(asc(companies.name)).$dynamic(),
    { table: companies, where },
    query,
  );
  return pageWithSummaries(db, scope, page, query, {
    groupColumn: claims.companyId,
    idOf: (row) => row.id,
    present,
  });
}

export async function getCompany(db: Database, scope: CompanyScope, id: string): Promise<Company> {
  assertInScope(scope, id, COMPANY_NOT_FOUND);
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw new AppError('not_found', COMPANY_NOT_FOUND);
  const summaries = await summariesBy(db, claims.companyId, [id], scope);
  return present(row, summaries.get(id));
}

export async function createCompany(db: Database, actor: Actor, input: CompanyValues) {
  try {
    const [row] = await db.insert(companies).values(input).returning();
    await recordAudit(db, actor, {
      action: 'company.created',
      entityType: 'company',
      entityId: row!.id,
      after: row,
    });
    return present(row!);
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}

export async function updateCompany(db: Database, actor: Actor, id: string, input: Partial<CompanyValues>) {
  const scope = actorScope(actor);
  const before = await getCompany(db, scope, id);
  try {
    const [row] = await db
      .update(companies)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(companies.id, id))
      .returning();
    await recordAudit(db, actor, {
      action: 'company.updated',
      entityType: 'company',
      entityId: id,
      before,
      after: row,
    });
    return present(row!, before.summary);
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}

/** The IANA time zone a company's days start in and its times print in. */
export async function companyTimeZone(db: Database, companyId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.timeZone ?? 'UTC';
}
