import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { ListRecordsQuery, Location, LocationValues } from '@shared/fleet.js';
import { actorScope, type Actor, type CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { isUniqueViolation } from '../../db/errors.js';
import { claims, companies, locations } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { likePattern } from '../../db/like-pattern.js';
import { assertInScope, inScope, withinScope } from '../../company-scope.js';
import { EMPTY_SUMMARY, pageWithSummaries, summariesBy } from '../companies/index.js';

export const LOCATION_NOT_FOUND = 'Location not found';
const CODE_TAKEN = 'This company already has a location with this code';

const columns = { location: locations, companyName: companies.name };

function present(
  row: { location: typeof locations.$inferSelect; companyName: string },
  summary = EMPTY_SUMMARY,
): Location {
  const { createdAt: _c, updatedAt: _u, ...rest } = row.location;
  return { ...rest, companyName: row.companyName, summary };
}

function codeTaken(error: unknown) {
  return isUniqueViolation(error, 'locations_company_code_key')
    ? new AppError('conflict', CODE_TAKEN, { fieldErrors: { code: [CODE_TAKEN] } })
    : null;
}

export async function listLocations(db: Database, scope: CompanyScope, query: ListRecordsQuery) {
  const conditions: (SQL | undefined)[] = [withinScope(scope, locations.companyId)];
  if (query.companyId) conditions.push(eq(locations.companyId, query.companyId));
  if (query.active) conditions.push(eq(locations.active, query.active === 'true'));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(ilike(locations.name, pattern), ilike(locations.code, pattern), ilike(locations.address, pattern)),
    );
  }
  const where = and(...conditions);
  const page = await selectPage(
    db,
    db
      .select(columns)
      .from(locations)
      .innerJoin(companies, eq(companies.id, locations.companyId))
      .where(where)
      .orderBy(asc(companies.name), asc(locations.name))
      .$dynamic(),
    { table: locations, where },
    query,
  );
  return pageWithSummaries(db, scope, page, query, {
    groupColumn: claims.locationId,
    idOf: (row) => row.location.id,
    present,
  });
}

export async function getLocation(db: Database, scope: CompanyScope, id: string): Promise<Location> {
  const [row] = await db
    .select(columns)
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(eq(locations.id, id));
  if (!row || !inScope(scope, row.location.companyId)) throw new AppError('not_found', LOCATION_NOT_FOUND);
  const summaries = await summariesBy(db, claims.locationId, [id], scope);
  return present(row, summaries.get(id));
}

async function assertCompanyExists(db: Database, companyId: string) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) {
    throw new AppError('validation', 'That company does not exist', {
      fieldErrors: { companyId: ['That company does not exist'] },
    });
  }
}

export async function createLocation(db: Database, actor: Actor, input: LocationValues) {
  const scope = actorScope(actor);
  assertInScope(scope, input.companyId, 'That company does not exist');
  await assertCompanyExists(db, input.companyId);
  try {
    const [row] = await db.insert(locations).values(input).returning();
    await recordAudit(db, actor, {
      action: 'location.created',
      entityType: 'location',
      entityId: row!.id,
      after: row,
    });
    return getLocation(db, scope, row!.id);
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}

export async function updateLocation(db: Database, actor: Actor, id: string, input: Partial<LocationValues>) {
  const scope = actorScope(actor);
  const before = await getLocation(db, scope, id);
  if (input.companyId && input.companyId !== before.companyId) {
    assertInScope(scope, input.companyId, 'That company does not exist');
    await assertCompanyExists(db, input.companyId);
  }
  try {
    const [row] = await db
      .update(locations)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(locations.id, id))
      .returning();
    await recordAudit(db, actor, {
      action: 'location.updated',
      entityType: 'location',
      entityId: id,
      before,
      after: row,
    });
    return getLocation(db, scope, id);
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}
