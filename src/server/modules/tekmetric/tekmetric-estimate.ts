import { and, asc, desc, eq } from 'drizzle-orm';
import { estimateLineAmounts } from '@shared/estimates.js';
import { formatCents } from '@shared/money.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { estimateLines, estimates } from '../../db/schema/index.js';
import {
  recordEstimateVersion,
  replaceEstimateVersion,
  type EstimateVersionLine,
  type EstimateVersionValues,
} from '../estimates/index.js';
import type { TekmetricJobDto } from './tekmetric-client.js';

/**
 * The estimate of a synced repair order (PRODUCT.md §2, source `tekmetric`; decision 021): one line per labour
 * item, part, fee and discount of the RO's jobs, keyed by the Tekmetric ids so a later version shows what
 * changed. Its total is the sum of the jobs' subtotals, the amount requested of the fleet (fixtures README).
 */

/** A line of the RO's estimate: one of the writer's lines, always keyed by its Tekmetric id. */
export type RoEstimateLine = EstimateVersionLine & { externalKey: string };

export interface RoEstimateDraft {
  lines: RoEstimateLine[];
  partsCents: number;
  laborCents: number;
  otherCents: number;
  totalCents: number;
  /** Σ of Tekmetric's own job subtotals; differs from the lines' total only on inconsistent data. */
  jobSubtotalCents: number;
}

const describe = (job: TekmetricJobDto, what: string | null | undefined) =>
  `${job.name}: ${what?.trim() || job.name}`.slice(0, 500);

/** The estimate an RO's jobs amount to; null when the RO has no jobs (an estimate has at least one line). */
export function roEstimateDraft(jobs: TekmetricJobDto[]): RoEstimateDraft | null {
  const lines: RoEstimateLine[] = [];
  const line = (
    values: Omit<RoEstimateLine, 'priceCents' | 'laborCents' | 'totalCents'>,
    laborRateCents: number | null,
  ) => lines.push({ ...values, ...estimateLineAmounts(values, laborRateCents) });
  for (const job of jobs) {
    for (const labor of job.labor ?? []) {
      // Hours at the item's own rate (rates differ per job: an alignment is priced apart).
      line(
        {
          operation: 'labor',
          description: describe(job, labor.name),
          partNumber: null,
          quantity: 1,
          unitPriceCents: 0,
          laborHours: labor.hours,
          externalKey: `labor:${labor.id}`,
        },
        labor.rate,
      );
    }
    for (const part of job.parts ?? []) {
      const name = [part.brand, part.name].filter(Boolean).join(' ');
      line(
        {
          operation: 'part',
          description: describe(job, name),
          partNumber: part.partNumber?.trim().slice(0, 60) || null,
          quantity: part.quantity,
          unitPriceCents: Math.round(part.retail),
          laborHours: 0,
          externalKey: `part:${part.id}`,
        },
        null,
      );
    }
    for (const [kind, items, sign] of [
      ['fee', job.fees, 1],
      ['discount', job.discounts, -1],
    ] as const) {
      for (const item of items ?? []) {
        line(
          {
            operation: 'other',
            description: describe(job, item.name ?? kind),
            partNumber: null,
            quantity: 1,
            unitPriceCents: sign * Math.round(item.total),
            laborHours: 0,
            externalKey: `${kind}:${item.id}`,
          },
          null,
        );
      }
    }
  }
  if (lines.length === 0) return null;
  const sum = (pick: (line: RoEstimateLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const partsCents = sum((l) => (l.operation === 'part' ? l.priceCents : 0));
  const laborCents = sum((l) => l.laborCents);
  const otherCents = sum((l) => (l.operation === 'other' ? l.priceCents : 0));
  return {
    lines,
    partsCents,
    laborCents,
    otherCents,
    totalCents: partsCents + laborCents + otherCents,
    jobSubtotalCents: jobs.reduce((total, job) => total + Math.round(job.subtotal), 0),
  };
}

/** What of the estimate a sync compares: the same draft gives the same value. */
export function draftFingerprint(draft: RoEstimateDraft | null) {
  return draft?.lines.map((line) => [
    line.externalKey,
    line.description,
    line.partNumber,
    line.quantity,
    line.unitPriceCents,
    line.laborHours,
    line.totalCents,
  ]);
}

const storedLine = (line: typeof estimateLines.$inferSelect | RoEstimateLine) =>
  JSON.stringify([
    line.externalKey,
    line.operation,
    line.description,
    line.partNumber,
    Number(line.quantity),
    line.unitPriceCents,
    Number(line.laborHours),
    line.priceCents,
    line.laborCents,
    line.totalCents,
  ]);

/**
 * Stores the RO's estimate on the claim through the estimate writer (estimate-versions.ts), inside the sync's
 * transaction, as the CCC importer stores a version: keyed by the RO id (`external_id`), source `tekmetric`,
 * never editable by hand (estimates.policy.ts), counted as the claim's estimate unless rejected.
 * Unchanged lines write nothing; changed ones replace the lines of the RO's estimate while it awaits review
 * (its version bumped, so a stale decision is refused), or add the next version once it was approved or
 * rejected in FleetClaims (a decided estimate is kept as decided). Answers the estimate's id.
 */
export async function storeRoEstimate(
  tx: Database,
  actor: Actor,
  claimId: string,
  ro: { id: number; repairOrderNumber: number | string | null },
  draft: RoEstimateDraft,
): Promise<{ id: string; changed: boolean }> {
  const roId = String(ro.id);
  const [latest] = await tx
    .select({
      id: estimates.id,
      status: estimates.status,
      externalVersion: estimates.externalVersion,
      totalCents: estimates.totalCents,
    })
    .from(estimates)
    .where(
      and(eq(estimates.claimId, claimId), eq(estimates.source, 'tekmetric'), eq(estimates.externalId, roId)),
    )
    .orderBy(desc(estimates.supplementNumber))
    .limit(1);
  if (latest) {
    const stored = await tx
      .select()
      .from(estimateLines)
      .where(eq(estimateLines.estimateId, latest.id))
      .orderBy(asc(estimateLines.position));
    const same =
      stored.length === draft.lines.length &&
      stored.every((line, index) => storedLine(line) === storedLine(draft.lines[index]!));
    if (same && latest.totalCents === draft.totalCents) return { id: latest.id, changed: false };
  }
  const version = (externalVersion: number): EstimateVersionValues => ({
    status: 'pending',
    number: `RO ${ro.repairOrderNumber ?? ro.id}`,
    laborRateCents: null,
    laborRateSource: null,
    taxRatePercent: 0,
    taxLabor: false,
    note:
      draft.jobSubtotalCents === draft.totalCents
        ? null
        : `Tekmetric's job subtotals add up to ${formatCents(draft.jobSubtotalCents)}; the lines to ${formatCents(draft.totalCents)}.`,
    partsCents: draft.partsCents,
    laborCents: draft.laborCents,
    paintCents: 0,
    otherCents: draft.otherCents,
    subtotalCents: draft.totalCents,
    taxCents: 0,
    totalCents: draft.totalCents,
    external: { id: roId, version: externalVersion, preliminary: false },
    lines: draft.lines.map((line) => ({ ...line, laborType: null })),
  });
  // Awaiting review: the RO's estimate changes in place. Decided (or none yet): the RO's next version.
  const stored =
    latest?.status === 'pending'
      ? await replaceEstimateVersion(
          tx,
          actor,
          { id: latest.id, claimId },
          version(latest.externalVersion ?? 0),
        )
      : await recordEstimateVersion(tx, actor, claimId, {
          ...version(latest ? (latest.externalVersion ?? 0) + 1 : 0),
          source: 'tekmetric',
        });
  return { id: stored.id, changed: true };
}
