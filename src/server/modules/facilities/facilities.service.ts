import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { ListRecordsQuery, RepairFacility, RepairFacilityValues } from '@shared/fleet.js';
import { actorScope, type Actor, type CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { claims, repairFacilities } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { likePattern } from '../../db/like-pattern.js';
import { EMPTY_SUMMARY, pageWithSummaries, summariesBy } from '../companies/index.js';

export const FACILITY_NOT_FOUND = 'Repair facility not found';

function present(row: typeof repairFacilities.$inferSelect, summary = EMPTY_SUMMARY): RepairFacility {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, summary };
}

/**
 * Facilities are shared by every company (a shop repairs for many fleets); their summaries count only the
 * claims the caller may see.
 */
export async function listFacilities(
  db: Database,
  scope: CompanyScope,
  query: ListRecordsQuery & { kind?: RepairFacility['kind'] },
) {
  const conditions: (SQL | undefined)[] = [];
  if (query.active) conditions.push(eq(repairFacilities.active, query.active === 'true'));
  if (query.kind)
    conditions.push(or(eq(repairFacilities.kind, query.kind), eq(repairFacilities.kind, 'both')));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(repairFacilities.name, pattern),
        ilike(repairFacilities.address, pattern),
        ilike(repairFacilities.cccShopId, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const page = await selectPage(
    db,
    db.select().from(repairFacilities).where(where).orderBy(asc(repairFacilities.name)).$dynamic(),
    { table: repairFacilities, where },
    query,
  );
  return pageWithSummaries(db, scope, page, query, {
    groupColumn: claims.repairFacilityId,
    idOf: (row) => row.id,
    present,
  });
}

export async function getFacility(db: Database, scope: CompanyScope, id: string) {
  const [row] = await db.select().from(repairFacilities).where(eq(repairFacilities.id, id));
  if (!row) throw new AppError('not_found', FACILITY_NOT_FOUND);
  const summaries = await summariesBy(db, claims.repairFacilityId, [id], scope);
  return present(row, summaries.get(id));
}

export async function createFacility(db: Database, actor: Actor, input: RepairFacilityValues) {
  const [row] = await db.insert(repairFacilities).values(input).returning();
  await recordAudit(db, actor, {
    action: 'facility.created',
    entityType: 'repair_facility',
    entityId: row!.id,
    after: row,
  });
  return present(row!);
}

export async function updateFacility(
  db: Database,
  actor: Actor,
  id: string,
  input: Partial<RepairFacilityValues>,
) {
  const scope = actorScope(actor);
  const before = await getFacility(db, scope, id);
  const [row] = await db
    .update(repairFacilities)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(repairFacilities.id, id))
    .returning();
  await recordAudit(db, actor, {
    action: 'facility.updated',
    entityType: 'repair_facility',
    entityId: id,
    before,
    after: row,
  });
  return present(row!, before.summary);
}
