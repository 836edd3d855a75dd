import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { actorScope, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { cccImports, claims, estimates } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { loadClaimRow } from '../claims/index.js';
import { parseBmsEstimate, type BmsEstimate } from './bms-parser.js';
import { BmsRejection } from './bms-xml.js';
import {
  CCC_IMPORT_NOT_FOUND,
  loadCccImportContent,
  logFile,
  parsedColumns,
  returnedColumns,
  type CccImportRow,
  type Outcome,
  type ReceivedFile,
} from './ccc-import-rows.js';
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

export interface ImportOptions {
  maxBytes: number;
}

/**
 * The same message (RqUID) already landed on the claim the file matches. Only that claim: a message landed on
 * another company's claim neither makes this file a duplicate nor is named to its importer (issue 28, finding 6).
 */
async function sameMessageOn(db: Database, rqUid: string, claimId: string, excludeImportId?: string) {
  const [seen] = await db
    .select({
      claimId: cccImports.claimId,
      estimateId: cccImports.estimateId,
      createdAt: cccImports.createdAt,
      fileName: cccImports.fileName,
    })
    .from(cccImports)
    .where(
      and(
        eq(cccImports.rqUid, rqUid),
        eq(cccImports.claimId, claimId),
        inArray(cccImports.result, ['imported', 'supplement']),
        excludeImportId ? ne(cccImports.id, excludeImportId) : undefined,
      ),
    )
    .orderBy(asc(cccImports.createdAt))
    .limit(1);
  return seen;
}

export {
  CCC_IMPORT_NOT_FOUND,
  loadCccImportContent,
  rejectUnreadCccFile,
  type CccImportRow,
} from './ccc-import-rows.js';

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

  let match: Match;
  if (options.claimId) {
    const row = await loadClaimRow(db, actorScope(actor), options.claimId);
    const [elsewhere] = await db
      .select({ number: claims.number })
      .from(estimates)
      .innerJoin(claims, eq(claims.id, estimates.claimId))
      .where(
        and(
          eq(estimates.source, 'ccc'),
          eq(estimates.externalId, parsed.documentId),
          ne(estimates.claimId, options.claimId),
          // Within the claim's company: another company's copy of the estimate is none of this one's business.
          eq(claims.companyId, row.claim.companyId),
        ),
      )
      .orderBy(asc(claims.number))
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
  const seen = await sameMessageOn(db, parsed.rqUid, claimId, options.excludeImportId);
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
  return logFile(db, actor, file, file.content.length, {
    ...parsedColumns(parsed),
    repairFacilityId,
    ...outcome,
  });
}

/** A logged file, if the actor may see it: admins every one; others those they sent or on their claims. */
export async function loadCccImport(db: Database, actor: Actor, id: string): Promise<CccImportRow> {
  const { content: _content, ...columns } = getTableColumns(cccImports);
  const [row] = await db.select(columns).from(cccImports).where(eq(cccImports.id, id));
  if (!row || !(await canSeeImport(db, actor, row))) throw new AppError('not_found', CCC_IMPORT_NOT_FOUND);
  return row;
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
