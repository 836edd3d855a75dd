import { createHash } from 'node:crypto';
import { and, asc, eq, getTableColumns, ilike, inArray, max, ne, notInArray, sql } from 'drizzle-orm';
import {
  cccVersionLabel,
  type CccImportResult,
  type CccImportSource,
  type CccMatchedBy,
} from '@shared/ccc.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { ESTIMATES_PER_CLAIM_MAX } from '@shared/estimates.js';
import { formatCents } from '@shared/money.js';
import { allowedTransitions, FINISHED_STATUSES } from '@shared/workflows.js';
import { actorScope, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import {
  cccImports,
  claims,
  estimateLines,
  estimates,
  repairFacilities,
  vehicles,
} from '../../db/schema/index.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadClaimRow } from '../claims/claim-read.js';
import { claimFollowers, moveClaim } from '../claims/claim-workflow.service.js';
import { withinScope } from '../companies/company-scope.js';
import { syncClaimEstimateAmount } from '../estimates/estimates.service.js';
import { notify } from '../notifications/notifications.service.js';
import { BmsRejection, parseBmsEstimate, type BmsEstimate } from './bms-parser.js';

/**
 * One importer for every way a CCC ONE file arrives (an upload, the inbox folder, a retry, an assignment by
 * hand): parse, match to a claim, store the version, make the claim's estimate amount follow, and log what
 * happened with the original file (decision 020).
 */

export const CCC_IMPORT_NOT_FOUND = 'Import not found';
export const TOTAL_LOSS_TAG = 'Total loss';

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

type Match =
  | { kind: 'claim'; claimId: string; matchedBy: CccMatchedBy; note: string | null }
  | { kind: 'held'; reason: string }
  | { kind: 'unmatched'; reason: string };

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

const sameVin = (a: string | null, b: string | null) => !a || !b || a.toUpperCase() === b.toUpperCase();

/**
 * Finds the claim: an estimate already linked by DocumentID → the insurer claim number (or our CLM- number)
 * → the VIN of one open claim. A claim-number match whose VIN disagrees, several candidates, or a VIN on two
 * open claims is held for review, never guessed. Only claims within the actor's companies are looked at.
 */
async function matchClaim(db: Database, actor: Actor, estimate: BmsEstimate): Promise<Match> {
  const scope = actorScope(actor);
  const inScope = withinScope(scope, claims.companyId);
  const [linked] = await db
    .select({ claimId: estimates.claimId })
    .from(estimates)
    .innerJoin(claims, eq(claims.id, estimates.claimId))
    .where(and(eq(estimates.source, 'ccc'), eq(estimates.externalId, estimate.documentId), inScope))
    .orderBy(asc(estimates.createdAt))
    .limit(1);
  if (linked) return { kind: 'claim', claimId: linked.claimId, matchedBy: 'document', note: null };

  if (estimate.claimNumber) {
    const ours = /^CLM-?(\d+)$/.exec(estimate.claimNumber);
    const candidates = await db
      .select({ id: claims.id, number: claims.number, vin: vehicles.vin })
      .from(claims)
      .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
      .where(
        and(
          ours
            ? eq(claims.number, Number(ours[1]))
            : sql`upper(regexp_replace(trim(${claims.insurerClaimNumber}), '\\s+', ' ', 'g')) = ${estimate.claimNumber}`,
          inScope,
        ),
      )
      .orderBy(asc(claims.number))
      .limit(20);
    if (candidates.length === 1) {
      const [claim] = candidates;
      if (sameVin(claim!.vin, estimate.vin)) {
        return { kind: 'claim', claimId: claim!.id, matchedBy: 'claim_number', note: null };
      }
      return {
        kind: 'held',
        reason: `Claim number ${estimate.claimNumber} is ${formatClaimNumber(claim!.number)}, whose vehicle has VIN ${claim!.vin}; the estimate's VIN is ${estimate.vin}. Check and assign it by hand.`,
      };
    }
    if (candidates.length > 1) {
      const byVin = candidates.filter((claim) => estimate.vin && claim.vin.toUpperCase() === estimate.vin);
      if (byVin.length === 1)
        return { kind: 'claim', claimId: byVin[0]!.id, matchedBy: 'claim_number', note: null };
      return {
        kind: 'held',
        reason: `Claim number ${estimate.claimNumber} is on ${candidates.length} claims (${candidates.map((c) => formatClaimNumber(c.number)).join(', ')}). Assign it by hand.`,
      };
    }
  }

  if (estimate.vin) {
    const open = await db
      .select({ id: claims.id, number: claims.number })
      .from(claims)
      .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
      .where(
        and(
          eq(sql`upper(${vehicles.vin})`, estimate.vin),
          notInArray(claims.status, [...FINISHED_STATUSES]),
          inScope,
        ),
      )
      .orderBy(asc(claims.number))
      .limit(20);
    if (open.length === 1)
      return { kind: 'claim', claimId: open[0]!.id, matchedBy: 'vin', note: 'Matched by VIN' };
    if (open.length > 1) {
      return {
        kind: 'held',
        reason: `VIN ${estimate.vin} is on ${open.length} open claims (${open.map((c) => formatClaimNumber(c.number)).join(', ')}). Assign it by hand.`,
      };
    }
  }
  const what = [
    estimate.claimNumber && `claim number ${estimate.claimNumber}`,
    estimate.vin && `VIN ${estimate.vin}`,
  ]
    .filter(Boolean)
    .join(' or ');
  return { kind: 'unmatched', reason: `No claim matches ${what}. Assign it to a claim by hand.` };
}

/** The facility the file names: by its CCC shop id when the file carries one, else by name. */
async function matchFacility(db: Database, estimate: BmsEstimate): Promise<string | null> {
  const { shopId, name } = estimate.repairFacility;
  if (shopId) {
    const [byId] = await db
      .select({ id: repairFacilities.id })
      .from(repairFacilities)
      .where(eq(repairFacilities.cccShopId, shopId))
      .orderBy(asc(repairFacilities.name))
      .limit(1);
    if (byId) return byId.id;
  }
  if (name) {
    const [byName] = await db
      .select({ id: repairFacilities.id })
      .from(repairFacilities)
      .where(ilike(repairFacilities.name, name.replace(/[\\%_]/g, '\\$&')))
      .orderBy(asc(repairFacilities.name))
      .limit(1);
    if (byName) return byName.id;
  }
  return null;
}

function estimateColumns(estimate: BmsEstimate) {
  const { totals } = estimate;
  return {
    status: 'pending' as const,
    laborRateCents: null,
    laborRateSource: null,
    taxRatePercent: estimate.taxPercentThousandths / 1000,
    taxLabor: false,
    note: estimate.warnings.length ? estimate.warnings.join('\n') : null,
    partsCents: totals.partsCents,
    laborCents: totals.laborCents,
    paintCents: totals.paintCents,
    otherCents: totals.otherCents,
    subtotalCents: totals.partsCents + totals.laborCents + totals.paintCents + totals.otherCents,
    taxCents: totals.taxCents,
    totalCents: totals.grossCents,
    externalId: estimate.documentId,
    externalVersion: estimate.versionNumber,
    preliminary: !estimate.committed,
    deductibleCents: totals.deductibleCents,
    netCents: totals.netCents,
  };
}

function lineRows(estimateId: string, estimate: BmsEstimate) {
  return estimate.lines.map((line, position) => ({
    estimate_id: estimateId,
    position,
    operation: line.operation,
    description: line.description,
    part_number: line.partNumber,
    quantity: line.quantityHundredths / 100,
    unit_price_cents: line.otherChargeType && !line.partCents ? line.otherCents : line.unitPriceCents,
    labor_hours: line.laborHundredths / 100,
    price_cents: line.partCents + line.otherCents,
    labor_cents: line.laborCents,
    total_cents: line.partCents + line.otherCents + line.laborCents,
    external_key: line.key,
    labor_type: line.laborType,
  }));
}

/**
 * Inserts the lines in one statement from one JSON parameter: a 2,000-line estimate is one round trip, and
 * PGlite binds one text parameter far faster than thousands of separate ones.
 */
async function insertLines(tx: Database, rows: ReturnType<typeof lineRows>) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${estimateLines} (estimate_id, position, operation, description, part_number, quantity,
      unit_price_cents, labor_hours, price_cents, labor_cents, total_cents, external_key, labor_type)
    select estimate_id, position, operation, description, part_number, quantity, unit_price_cents, labor_hours,
      price_cents, labor_cents, total_cents, external_key, labor_type
    from json_to_recordset(${JSON.stringify(rows)}::json) as line(estimate_id uuid, position integer,
      operation text, description text, part_number text, quantity numeric, unit_price_cents integer,
      labor_hours numeric, price_cents integer, labor_cents integer, total_cents integer, external_key text,
      labor_type text)`);
}

/**
 * Stores the parsed version on the claim, inside the transaction with the claim's row locked: a new version,
 * a preliminary replaced, a duplicate, or history (an older version arriving late).
 */
async function storeVersion(
  tx: Database,
  actor: Actor,
  claimId: string,
  estimate: BmsEstimate,
): Promise<{ result: CccImportResult; reason: string | null; estimateId: string | null; current: boolean }> {
  const [claim] = await tx
    .select({ id: claims.id, estimateAmountCents: claims.estimateAmountCents })
    .from(claims)
    .where(eq(claims.id, claimId))
    .for('update');
  const versions = await tx
    .select({
      id: estimates.id,
      externalVersion: estimates.externalVersion,
      preliminary: estimates.preliminary,
      supplementNumber: estimates.supplementNumber,
      status: estimates.status,
    })
    .from(estimates)
    .where(
      and(
        eq(estimates.claimId, claimId),
        eq(estimates.source, 'ccc'),
        eq(estimates.externalId, estimate.documentId),
      ),
    )
    .orderBy(asc(estimates.supplementNumber));
  const label = cccVersionLabel(estimate.versionNumber);
  const committedSame = versions.find((v) => v.externalVersion === estimate.versionNumber && !v.preliminary);
  if (committedSame) {
    return {
      result: 'duplicate',
      reason: estimate.committed
        ? `${label} of this estimate is already imported: nothing changed`
        : `${label} is already committed: the in-progress copy changes nothing`,
      estimateId: committedSame.id,
      current: false,
    };
  }
  const later = versions.filter((v) => !v.preliminary && (v.externalVersion ?? 0) > estimate.versionNumber);
  const current = later.length === 0;
  const result: CccImportResult = estimate.versionNumber === 0 ? 'imported' : 'supplement';
  const notes: string[] = [];
  if (!current)
    notes.push(`Kept as history: ${cccVersionLabel(later.at(-1)!.externalVersion ?? 0)} is already imported`);
  if (!estimate.committed)
    notes.push('In progress in CCC ONE: stored as preliminary, not counted as the estimate');
  const columns = estimateColumns(estimate);

  const preliminarySame = versions.find(
    (v) => v.externalVersion === estimate.versionNumber && v.preliminary && v.status === 'pending',
  );
  let estimateId: string;
  if (preliminarySame) {
    estimateId = preliminarySame.id;
    await tx
      .update(estimates)
      .set({ ...columns, version: sql`${estimates.version} + 1`, updatedAt: sql`now()` })
      .where(eq(estimates.id, estimateId));
    await tx.delete(estimateLines).where(eq(estimateLines.estimateId, estimateId));
    notes.push('Replaces the preliminary copy of this version');
  } else {
    const [counts] = await tx
      .select({ count: sql<number>`count(*)::int`, highest: max(estimates.supplementNumber) })
      .from(estimates)
      .where(eq(estimates.claimId, claimId));
    if ((counts?.count ?? 0) >= ESTIMATES_PER_CLAIM_MAX) {
      throw new AppError('conflict', `A claim has at most ${ESTIMATES_PER_CLAIM_MAX} estimates`);
    }
    const nextFree = counts?.highest === null || counts?.highest === undefined ? 0 : counts.highest + 1;
    // The versions of one CCC estimate keep their order among the claim's estimates: supplement n sits n
    // places after the original's place, even when the original arrives late.
    const anchor = versions[0];
    const base = anchor ? anchor.supplementNumber - (anchor.externalVersion ?? 0) : nextFree;
    let supplementNumber = base + estimate.versionNumber;
    const [taken] =
      supplementNumber >= 0
        ? await tx
            .select({ id: estimates.id })
            .from(estimates)
            .where(and(eq(estimates.claimId, claimId), eq(estimates.supplementNumber, supplementNumber)))
        : [{ id: 'negative' }];
    if (taken) supplementNumber = nextFree;
    const [created] = await tx
      .insert(estimates)
      .values({
        ...columns,
        claimId,
        source: 'ccc',
        number: estimate.repairOrderId ?? estimate.altEstimateId ?? estimate.documentId,
        supplementNumber,
        createdById: actorUserId(actor),
      })
      .returning({ id: estimates.id });
    estimateId = created!.id;
  }
  await insertLines(tx, lineRows(estimateId, estimate));
  await recordAudit(tx, actor, {
    action: preliminarySame ? 'estimate.updated' : 'estimate.created',
    entityType: 'estimate',
    entityId: estimateId,
    after: {
      claimId,
      source: 'ccc',
      documentId: estimate.documentId,
      version: `${estimate.versionCode} ${estimate.versionNumber}`,
      committed: estimate.committed,
      lineCount: estimate.lines.length,
      totalCents: estimate.totals.grossCents,
      ...(actor.kind === 'system' ? { job: actor.job } : {}),
    },
  });
  if (estimate.committed) await syncClaimEstimateAmount(tx, actor, claim!);
  return {
    result,
    reason: notes.length ? notes.join('. ') : null,
    estimateId,
    current: current && estimate.committed,
  };
}

/**
 * A total-loss estimate moves a collision claim to "Total loss" when the workflow allows it from its status
 * (estimate in review, repair approved); otherwise the claim is tagged "Total loss" and its assignee and
 * watchers are told, so a person decides.
 */
async function applyTotalLoss(
  tx: Database,
  actor: Actor,
  claimId: string,
  estimate: BmsEstimate,
): Promise<string> {
  const row = await loadClaimRow(tx, 'all', claimId);
  const { claim } = row;
  const valuation = estimate.valuationCents ? ` of ACV ${formatCents(estimate.valuationCents)}` : '';
  const note = `CCC estimate flags a total loss: gross ${formatCents(estimate.totals.grossCents)}${valuation}`;
  if (
    claim.workflow === 'collision' &&
    allowedTransitions(claim.workflow, claim.status, claim.statusBeforeHold).includes('total_loss')
  ) {
    await moveClaim(tx, actor, claim, row.vehicle.unitNumber, { to: 'total_loss', note });
    return 'Moved the claim to Total loss';
  }
  if (!claim.tags.some((tag) => tag.toLowerCase() === TOTAL_LOSS_TAG.toLowerCase())) {
    await tx
      .update(claims)
      .set({
        tags: sql`array_append(${claims.tags}, ${TOTAL_LOSS_TAG})`,
        version: sql`${claims.version} + 1`,
        updatedById: actorUserId(actor),
        updatedAt: sql`now()`,
      })
      .where(eq(claims.id, claimId));
    await recordAudit(tx, actor, {
      action: 'claim.updated',
      entityType: 'claim',
      entityId: claimId,
      before: { tags: claim.tags },
      after: { tags: [...claim.tags, TOTAL_LOSS_TAG], reason: note },
    });
  }
  const recipients = await claimFollowers(tx, claim);
  await notify(tx, actor, recipients, {
    type: 'system',
    title: `${formatClaimNumber(claim.number)} may be a total loss`,
    message: `${row.vehicle.unitNumber}: ${note}. Review the claim: it cannot move to Total loss from its status.`,
    relatedVehicleId: claimId,
  });
  return 'Flagged the claim as a total loss for review';
}

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
    if (parsed.totalLoss && version.current) notes.push(await applyTotalLoss(tx, actor, claimId, parsed));
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
      // As base64 decoded by the database: PGlite binds a 5 MB Buffer parameter ~20× slower (decision 020).
      content: sql`decode(${file.content.toString('base64')}, 'base64')`,
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

/** The original file of a logged import, byte for byte (read as base64, like it is written). */
export async function loadCccImportContent(db: Database, id: string): Promise<Buffer> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${cccImports.content}, 'base64')` })
    .from(cccImports)
    .where(eq(cccImports.id, id));
  if (!row) throw new AppError('not_found', CCC_IMPORT_NOT_FOUND);
  return Buffer.from(row.base64, 'base64');
}

async function canSeeImport(db: Database, actor: Actor, row: CccImportRow): Promise<boolean> {
  const scope = actorScope(actor);
  if (scope === 'all') return true;
  if (row.uploadedById && row.uploadedById === actorUserId(actor)) return true;
  if (!row.claimId) return false;
  const [claim] = await db
    .select({ companyId: claims.companyId })
    .from(claims)
    .where(eq(claims.id, row.claimId));
  return !!claim && scope.includes(claim.companyId);
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
  if (!['held', 'unmatched', 'rejected'].includes(before.result)) {
    throw new AppError('conflict', 'This file already landed on a claim: there is nothing to retry');
  }
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
