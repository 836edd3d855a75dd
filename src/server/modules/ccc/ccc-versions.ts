import { and, asc, eq } from 'drizzle-orm';
import { cccVersionLabel, type CccImportResult } from '@shared/ccc.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { estimates } from '../../db/schema/index.js';
import {
  lockClaimEstimates,
  recordEstimateVersion,
  replaceEstimateVersion,
  type EstimateVersionValues,
} from '../estimates/index.js';
import type { BmsEstimate } from './bms-parser.js';

/**
 * The versions of a CCC estimate as estimates of the claim (decision 020): an original or supplement stored
 * with its lines, a preliminary copy replaced, a duplicate, or history (an older version arriving late).
 */

/** The version a parsed file amounts to, as the estimate writer stores it (its lines and totals from BMS). */
function versionValues(estimate: BmsEstimate): EstimateVersionValues {
  const { totals } = estimate;
  return {
    // A total loss has no repair lines to approve (fixtures README): never "Awaiting review".
    status: estimate.totalLoss ? 'total_loss' : 'pending',
    number: estimate.repairOrderId ?? estimate.altEstimateId ?? estimate.documentId,
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
    external: { id: estimate.documentId, version: estimate.versionNumber, preliminary: !estimate.committed },
    deductibleCents: totals.deductibleCents,
    netCents: totals.netCents,
    lines: estimate.lines.map((line) => ({
      operation: line.operation,
      description: line.description,
      partNumber: line.partNumber,
      quantity: line.quantityHundredths / 100,
      unitPriceCents: line.otherChargeType && !line.partCents ? line.otherCents : line.unitPriceCents,
      laborHours: line.laborHundredths / 100,
      priceCents: line.partCents + line.otherCents,
      laborCents: line.laborCents,
      totalCents: line.partCents + line.otherCents + line.laborCents,
      externalKey: line.key,
      laborType: line.laborType,
    })),
  };
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
  await lockClaimEstimates(tx, claimId);
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
  const values = versionValues(estimate);
  const preliminarySame = versions.find(
    (v) =>
      v.externalVersion === estimate.versionNumber &&
      v.preliminary &&
      (v.status === 'pending' || v.status === 'total_loss'),
  );
  let estimateId: string;
  if (preliminarySame) {
    ({ id: estimateId } = await replaceEstimateVersion(
      tx,
      actor,
      { id: preliminarySame.id, claimId },
      values,
    ));
    notes.push('Replaces the preliminary copy of this version');
  } else {
    // The versions of one CCC estimate keep their order among the claim's estimates: supplement n sits n
    // places after the original's place, even when the original arrives late.
    const anchor = versions[0];
    ({ id: estimateId } = await recordEstimateVersion(tx, actor, claimId, {
      ...values,
      source: 'ccc',
      preferredSupplementNumber: (nextFree) =>
        (anchor ? anchor.supplementNumber - (anchor.externalVersion ?? 0) : nextFree) +
        estimate.versionNumber,
    }));
  }
  return {
    result,
    reason: notes.length ? notes.join('. ') : null,
    estimateId,
    current: current && estimate.committed,
  };
}
