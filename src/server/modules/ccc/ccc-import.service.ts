import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { CccImportResult, CccImportSource, CccMatchedBy } from '@shared/ccc.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { actorScope, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { cccImports, claims, estimates } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { loadClaimRow } from '../claims/index.js';
import { parseBmsEstimate, type BmsEstimate } from './bms-parser.js';
import { BmsRejection } from './bms-xml.js';
import { fillClaimFields } from './ccc-claim-fields.js';
import { matchClaim, matchFacility, sameVin, type Match } from './ccc-match.js';
import { applyTotalLoss } from './ccc-total-loss.js';
import { storeVersion } from './ccc-versions.js';
import { assertCccImportCanLand, canSeeCccImport } from './ccc.policy.js';

/**
 * One importer for every way a CCC ONE file arrives (an upload, the inbox folder, a retry, an assignment by
 * hand): parse, match to a claim, store the version, make the claim's estimate amount follow, and log what
 * happened with the original file (decision 020).
 */

export const CCC_IMPORT_NOT_FOUND = 'Import not found';

export type CccImportRow = Omit<typeof cccImports.$inferSelect, 'content'>;

const { content: _content, ...returnedColumns } = getTableColumns(cccImports);

export interface ReceivedFile {
  fileName: string;
  content: Buffer;
  source: CccImportSource;
}

export interface ImportOptions {
  maxBytes: number;
}

interface Outcome {
  result: CccImportResult;
  reason: string | null;
  claimId: string | null;
  estimateId: string | null;
  matchedBy: CccMatchedBy | null;
}

const parsedColumns = (estimate: BmsEstimate | null) => ({
  rqUid: estimate?.rqUid ?? null,
  documentId: estimate?.documentId ?? null,
  versionCode: estimate?.versionCode ?? null,
  versionNumber: estimate?.versionNumber ?? null,
  committed: estimate?.committed ?? null,
  claimNumber: estimate?.claimNumber ?? null,
  vin: estimate?.vin ?? null,
  grossCents: estimate?.totals.grossCents ?? null,
  facilityName: estimate?.repairFacility.name ?? null,
  facilityShopId: estimate?.repairFacility.shopId ?? null,
  warnings: estimate?.warnings ?? [],
});

/** Parses and imports one file's content; the caller writes the log row with what this answers. */
async function importContent(
  db: Database,
  actor: Actor,
  content: Buffer,
  options: ImportOptions & { claimId?: string; excludeImportId?: string },
): Promise<{ parsed: BmsEstimate | null; repairFacilityId: string | null; outcome: Outcome }> {
  let parsed: BmsEstimate;
  try {
    parsed = parseBmsEstimate(content, { maxBytes: options.maxBytes });
  } catch (error) {
    if (!(error instanceof BmsRejection)) throw error;
    const outcome: Outcome = {
      result: 'rejected',
      reason: error.message,
      claimId: null,
      estimateId: null,
      matchedBy: null,
    };
    return { parsed: null, repairFacilityId: null, outcome };
  }
  const repairFacilityId = await matchFacility(db, parsed);
  const facilityNote =
    !repairFacilityId && parsed.repairFacility.name
      ? `Estimate from a facility we do not know: ${parsed.repairFacility.name}`
      : null;

  const [seen] = await db
    .select({
      id: cccImports.id,
      claimId: cccImports.claimId,
      estimateId: cccImports.estimateId,
      createdAt: cccImports.createdAt,
      fileName: cccImports.fileName,
    })
    .from(cccImports)
    .where(
      and(
        eq(cccImports.rqUid, parsed.rqUid),
        inArray(cccImports.result, ['imported', 'supplement']),
        options.excludeImportId ? ne(cccImports.id, options.excludeImportId) : undefined,
      ),
    )
    .orderBy(asc(cccImports.createdAt))
    .limit(1);
  if (seen) {
    const outcome: Outcome = {
      result: 'duplicate',
      reason: `Already imported from ${seen.fileName} on ${seen.createdAt.toISOString().slice(0, 10)} (same RqUID): nothing changed`,
      claimId: seen.claimId,
      estimateId: seen.estimateId,
      matchedBy: null,
    };
    return { parsed, repairFacilityId, outcome };
  }

  let match: Match;
  if (options.claimId) {
    const row = await loadClaimRow(db, actorScope(actor), options.claimId);
    const [elsewhere] = await db
      .select({ number: claims.number })
      .from(estimates)
      .innerJoin(claims, eq(claims.id, estimates.claimId))
      .where(and(eq(estimates.externalId, parsed.documentId), ne(estimates.claimId, options.claimId)))
      .limit(1);
    if (elsewhere) {
      throw new AppError(
        'conflict',
        `This CCC estimate is already on ${formatClaimNumber(elsewhere.number)}: its versions stay together`,
      );
    }
    const vinNote = sameVin(row.vehicle.vin, parsed.vin)
      ? null
      : `VIN ${parsed.vin} differs from the claim's ${row.vehicle.vin}`;
    match = { kind: 'claim', claimId: options.claimId, matchedBy: 'manual', note: vinNote };
  } else {
    match = await matchClaim(db, actor, parsed);
  }
  if (match.kind !== 'claim') {
    const outcome: Outcome = {
      result: match.kind === 'held' ? 'held' : 'unmatched',
      reason: [match.reason, facilityNote].filter(Boolean).join(' '),
      claimId: null,
      estimateId: null,
      matchedBy: null,
    };
    return { parsed, repairFacilityId, outcome };
  }
  const claimId = match.claimId;
  const stored = await db.transaction(async (tx) => {
    // One file of a CCC estimate at a time: versions arriving together are numbered one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ccc:${parsed.documentId}`}))`);
    const version = await storeVersion(tx, actor, claimId, parsed);
    const notes = [match.note, version.reason];
    if (version.current) {
      notes.push(await fillClaimFields(tx, actor, claimId, parsed));
      if (parsed.totalLoss) notes.push(await applyTotalLoss(tx, actor, claimId, parsed));
    }
    return { ...version, reason: [...notes, facilityNote].filter(Boolean).join('. ') || null };
  });
  const outcome: Outcome = {
    result: stored.result,
    reason: stored.reason,
    claimId,
    estimateId: stored.estimateId,
    matchedBy: match.matchedBy,
  };
  return { parsed, repairFacilityId, outcome };
}

/** Imports a file as it arrives (upload or inbox) and logs it with the original content. */
export async function receiveCccFile(
  db: Database,
  actor: Actor,
  file: ReceivedFile,
  options: ImportOptions,
): Promise<CccImportRow> {
  const { parsed, repairFacilityId, outcome } = await importContent(db, actor, file.content, options);
  const [row] = await db
    .insert(cccImports)
    .values({
      fileName: file.fileName.slice(0, 255),
      fileSize: file.content.length,
      content: storedContent(file.content),
      sha256: createHash('sha256').update(file.content).digest('hex'),
      source: file.source,
      uploadedById: actorUserId(actor),
      ...parsedColumns(parsed),
      repairFacilityId,
      ...outcome,
      createdAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .returning(returnedColumns);
  return row!;
}

/** A logged file, if the actor may see it: admins every one; others those they sent or on their claims. */
export async function loadCccImport(db: Database, actor: Actor, id: string): Promise<CccImportRow> {
  const { content: _content, ...columns } = getTableColumns(cccImports);
  const [row] = await db.select(columns).from(cccImports).where(eq(cccImports.id, id));
  if (!row || !(await canSeeImport(db, actor, row))) throw new AppError('not_found', CCC_IMPORT_NOT_FOUND);
  return row;
}

/**
 * The original as stored: gzip-compressed (XML shrinks about tenfold, and PGlite writes a 5 MB value in over a
 * second on a busy machine), as base64 the database decodes (PGlite binds a 5 MB Buffer parameter ~20× slower
 * than a text; decision 020).
 */
function storedContent(content: Buffer) {
  return sql`decode(${gzipSync(content, { level: 1 }).toString('base64')}, 'base64')`;
}

/**
 * The original file of a logged import, byte for byte (read as base64, like it is written). Files logged
 * before the content was compressed are stored as they came: the original's SHA-256 tells which.
 */
export async function loadCccImportContent(db: Database, id: string): Promise<Buffer> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${cccImports.content}, 'base64')`, sha256: cccImports.sha256 })
    .from(cccImports)
    .where(eq(cccImports.id, id));
  if (!row) throw new AppError('not_found', CCC_IMPORT_NOT_FOUND);
  const stored = Buffer.from(row.base64, 'base64');
  if (stored[0] !== 0x1f || stored[1] !== 0x8b) return stored;
  try {
    const original = gunzipSync(stored);
    if (createHash('sha256').update(original).digest('hex') === row.sha256) return original;
  } catch {
    // Not gzip after all: a file that merely starts with the same two bytes, stored as it came.
  }
  return stored;
}

async function canSeeImport(db: Database, actor: Actor, row: CccImportRow): Promise<boolean> {
  if (canSeeCccImport(actor, row, null)) return true;
  if (!row.claimId) return false;
  const [claim] = await db
    .select({ companyId: claims.companyId })
    .from(claims)
    .where(eq(claims.id, row.claimId));
  return canSeeCccImport(actor, row, claim?.companyId ?? null);
}

/**
 * Processes a logged file again: a retry (after a claim was created or fixed), or an assignment by hand to
 * `claimId`. Only a file that did not land (held, unmatched, rejected) can be processed again.
 */
export async function reprocessCccImport(
  db: Database,
  actor: Actor,
  id: string,
  options: ImportOptions & { claimId?: string },
): Promise<CccImportRow> {
  const before = await loadCccImport(db, actor, id);
  assertCccImportCanLand(before);
  const content = await loadCccImportContent(db, id);
  const { parsed, repairFacilityId, outcome } = await importContent(db, actor, content, {
    ...options,
    excludeImportId: id,
  });
  const [row] = await db
    .update(cccImports)
    .set({
      ...parsedColumns(parsed),
      repairFacilityId,
      ...outcome,
      attempts: sql`${cccImports.attempts} + 1`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(cccImports.id, id))
    .returning(returnedColumns);
  await recordAudit(db, actor, {
    action: options.claimId ? 'ccc_import.assigned' : 'ccc_import.retried',
    entityType: 'ccc_import',
    entityId: id,
    before: { result: before.result, claimId: before.claimId },
    after: { result: outcome.result, claimId: outcome.claimId },
  });
  return row!;
}
