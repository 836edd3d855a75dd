import { and, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { cccImportVersionLabel, type CccImport, type ListCccImportsQuery } from '@shared/ccc.js';
import { formatClaimNumber } from '@shared/claims.js';
import { actorScope, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { pageOf, selectPage, type Page } from '../../db/paging.js';
import { cccImports, claims, users } from '../../db/schema/index.js';
import { person, personName } from '../claims/index.js';
import type { CccImportRow } from './ccc-import.service.js';

/**
 * Which logged files an actor sees: an admin (or the system) every one; anyone else the files they sent and
 * those that landed on a claim of their companies.
 */
function visibleTo(actor: Actor): SQL | undefined {
  const scope = actorScope(actor);
  if (scope === 'all') return undefined;
  const mine = actorUserId(actor);
  const ofTheirClaims =
    scope.length === 0
      ? sql`false`
      : inArray(
          cccImports.claimId,
          sql`(select ${claims.id} from ${claims} where ${inArray(claims.companyId, scope)})`,
        );
  return mine ? or(eq(cccImports.uploadedById, mine), ofTheirClaims) : ofTheirClaims;
}

const logColumns = {
  row: {
    id: cccImports.id,
    fileName: cccImports.fileName,
    fileSize: cccImports.fileSize,
    source: cccImports.source,
    uploadedById: cccImports.uploadedById,
    result: cccImports.result,
    reason: cccImports.reason,
    warnings: cccImports.warnings,
    documentId: cccImports.documentId,
    versionNumber: cccImports.versionNumber,
    committed: cccImports.committed,
    claimNumber: cccImports.claimNumber,
    vin: cccImports.vin,
    grossCents: cccImports.grossCents,
    facilityName: cccImports.facilityName,
    repairFacilityId: cccImports.repairFacilityId,
    claimId: cccImports.claimId,
    estimateId: cccImports.estimateId,
    matchedBy: cccImports.matchedBy,
    attempts: cccImports.attempts,
    createdAt: cccImports.createdAt,
    updatedAt: cccImports.updatedAt,
  },
  claimNumber: claims.number,
  uploaderUsername: users.username,
  uploaderName: personName(users),
};

type LogRow = {
  row: Omit<CccImportRow, 'content' | 'sha256' | 'facilityShopId' | 'rqUid' | 'versionCode'>;
  claimNumber: number | null;
  uploaderUsername: string | null;
  uploaderName: string | null;
};

function presentCccImport({ row, claimNumber, uploaderUsername, uploaderName }: LogRow): CccImport {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    source: row.source,
    uploadedBy: person(row.uploadedById, uploaderUsername, uploaderName),
    result: row.result,
    reason: row.reason,
    warnings: row.warnings,
    documentId: row.documentId,
    version: cccImportVersionLabel(row.versionNumber, row.committed),
    claimNumber: row.claimNumber,
    vin: row.vin,
    grossCents: row.grossCents,
    facility: { name: row.facilityName, repairFacilityId: row.repairFacilityId },
    claim:
      row.claimId && claimNumber !== null
        ? { id: row.claimId, number: formatClaimNumber(claimNumber) }
        : null,
    estimateId: row.estimateId,
    matchedBy: row.matchedBy,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const selectLog = (db: Database) =>
  db
    .select(logColumns)
    .from(cccImports)
    .leftJoin(claims, eq(claims.id, cccImports.claimId))
    .leftJoin(users, eq(users.id, cccImports.uploadedById));

/** One logged file as the log shows it (the caller has checked the actor may see it). */
export async function showCccImport(db: Database, id: string): Promise<CccImport> {
  const [row] = await selectLog(db).where(eq(cccImports.id, id));
  return presentCccImport(row!);
}

/** The import log, newest first, by result and by the day received (UTC). */
export async function listCccImports(
  db: Database,
  actor: Actor,
  query: ListCccImportsQuery,
): Promise<Page<CccImport>> {
  const where = and(
    visibleTo(actor),
    query.result ? eq(cccImports.result, query.result) : undefined,
    query.from ? gte(cccImports.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    // The day after in SQL: 9999-12-31 plus a day is no date JavaScript writes in a form PostgreSQL reads.
    query.to
      ? sql`${cccImports.createdAt} < ((${query.to}::date + 1)::timestamp at time zone 'UTC')`
      : undefined,
  );
  const { rows, total } = await selectPage(
    db,
    selectLog(db).where(where).orderBy(desc(cccImports.createdAt), desc(cccImports.id)).$dynamic(),
    { table: cccImports, where },
    query,
  );
  return pageOf(rows.map(presentCccImport), total, query);
}
