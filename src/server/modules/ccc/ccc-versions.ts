import { and, asc, eq, max, sql } from 'drizzle-orm';
import { cccVersionLabel, type CccImportResult } from '@shared/ccc.js';
import { AppError } from '@shared/errors.js';
import { ESTIMATES_PER_CLAIM_MAX } from '@shared/estimates.js';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, estimateLines, estimates } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { syncClaimEstimateAmount } from '../estimates/index.js';
import type { BmsEstimate } from './bms-parser.js';

/**
 * The versions of a CCC estimate as estimates of the claim (decision 020): an original or supplement stored
 * with its lines, a preliminary copy replaced, a duplicate, or history (an older version arriving late).
 */

function estimateColumns(estimate: BmsEstimate) {
  const { totals } = estimate;
  return {
    // A total loss has no repair lines to approve (fixtures README): never "Awaiting review".
    status: estimate.totalLoss ? ('total_loss' as const) : ('pending' as const),
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
export async function storeVersion(
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
    (v) =>
      v.externalVersion === estimate.versionNumber &&
      v.preliminary &&
      (v.status === 'pending' || v.status === 'total_loss'),
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
