import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { formatCents } from '@shared/money.js';
import {
  defaultEstimateNumber,
  ESTIMATES_PER_CLAIM_MAX,
  IMPORTED_ESTIMATE_SOURCES,
  supplementLabel,
  type Estimate,
  type EstimateDecision,
  type EstimateValues,
  type UpdateEstimateValues,
} from '@shared/estimates.js';
import { actorScope, actorUserId, type Actor, type CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, estimateLines, estimates, repairFacilities, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { person, personName, loadClaimRow } from '../claims/index.js';
import { assertInScope } from '../../company-scope.js';
import { decidersFor, displayName } from '../authorizations/index.js';
import { notify } from '../notifications/index.js';
import { priced } from './estimate-pricing.js';
import { presentEstimate, withVersionChanges } from './estimates.presenter.js';
import { assertEstimateEditable, assertEstimatePending, isImportedEstimate } from './estimates.policy.js';

export const ESTIMATE_NOT_FOUND = 'Estimate not found';
export const STALE_ESTIMATE_MESSAGE =
  'Someone else changed this estimate since you opened it. Review the latest version and apply your change again.';

const creators = alias(users, 'estimate_creators');
const deciders = alias(users, 'estimate_deciders');

type LineRow = typeof estimateLines.$inferSelect;

/** Estimates matching `where`, with their people, and all their lines: two queries however many. */
async function selectEstimates(
  db: Database,
  where: SQL,
  options: { versionChanges?: boolean } = {},
): Promise<Estimate[]> {
  const rows = await db
    .select({
      estimate: estimates,
      creatorUsername: creators.username,
      creatorName: personName(creators),
      deciderUsername: deciders.username,
      deciderName: personName(deciders),
    })
    .from(estimates)
    .leftJoin(creators, eq(creators.id, estimates.createdById))
    .leftJoin(deciders, eq(deciders.id, estimates.decidedById))
    .where(where)
    .orderBy(asc(estimates.supplementNumber));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(estimateLines)
    .where(
      inArray(
        estimateLines.estimateId,
        rows.map((row) => row.estimate.id),
      ),
    )
    .orderBy(asc(estimateLines.estimateId), asc(estimateLines.position));
  const linesByEstimate = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = linesByEstimate.get(line.estimateId);
    if (list) list.push(line);
    else linesByEstimate.set(line.estimateId, [line]);
  }
  const list = rows.map((row) =>
    presentEstimate(row.estimate, linesByEstimate.get(row.estimate.id) ?? [], {
      createdBy: person(row.estimate.createdById, row.creatorUsername, row.creatorName),
      decidedBy: person(row.estimate.decidedById, row.deciderUsername, row.deciderName),
    }),
  );
  if (!options.versionChanges) return list;
  return withVersionChanges(list, new Map(lines.map((line) => [line.id, line.externalKey])));
}

/** A claim's estimates with their lines, original first (two queries); imported versions say what changed. */
export function listClaimEstimates(db: Database, claimId: string): Promise<Estimate[]> {
  return selectEstimates(db, eq(estimates.claimId, claimId), { versionChanges: true });
}

/**
 * The claim's estimate amount follows its latest counted estimate (decision 015, extended by 020 and 021): the
 * one with the highest supplement number among those approved, and the committed imports (CCC, Tekmetric) not
 * rejected (a locked CCC version or a synced RO is the shop's estimate of record, until someone rejects it).
 * Inside the caller's
 * transaction, with the claim's row locked: bumps the claim's version and audits a change. Nothing counted
 * leaves the amount as typed.
 */
export async function syncClaimEstimateAmount(
  tx: Database,
  actor: Actor,
  claim: { id: string; estimateAmountCents: number | null; approvedAmountCents?: number | null },
  options: { approved?: boolean; estimateId?: string } = {},
): Promise<number | null> {
  const latestWhere = (counted: SQL | undefined) =>
    tx
      .select({ id: estimates.id, totalCents: estimates.totalCents })
      .from(estimates)
      .where(and(eq(estimates.claimId, claim.id), counted))
      .orderBy(desc(estimates.supplementNumber))
      .limit(1);
  const [latest] = await latestWhere(
    or(
      eq(estimates.status, 'approved'),
      and(
        inArray(estimates.source, [...IMPORTED_ESTIMATE_SOURCES]),
        eq(estimates.preliminary, false),
        ne(estimates.status, 'rejected'),
      ),
    ),
  );
  // An approval also sets the approved amount to the latest approved estimate (decision 015).
  const [approved] = options.approved ? await latestWhere(eq(estimates.status, 'approved')) : [];
  const estimateAmount = latest?.totalCents ?? claim.estimateAmountCents;
  const approvedAmount = approved?.totalCents ?? claim.approvedAmountCents ?? null;
  const estimateChanged = estimateAmount !== claim.estimateAmountCents;
  const approvedChanged = approved !== undefined && approvedAmount !== claim.approvedAmountCents;
  if (!estimateChanged && !approvedChanged) return claim.estimateAmountCents;
  await tx
    .update(claims)
    .set({
      estimateAmountCents: estimateAmount,
      ...(approved ? { approvedAmountCents: approvedAmount } : {}),
      version: sql`${claims.version} + 1`,
      updatedById: actorUserId(actor),
      updatedAt: sql`now()`,
    })
    .where(eq(claims.id, claim.id));
  await recordAudit(tx, actor, {
    action: 'claim.updated',
    entityType: 'claim',
    entityId: claim.id,
    before: {
      estimateAmountCents: claim.estimateAmountCents,
      ...(approved ? { approvedAmountCents: claim.approvedAmountCents ?? null } : {}),
    },
    after: {
      estimateAmountCents: estimateAmount,
      ...(approved ? { approvedAmountCents: approvedAmount } : {}),
      estimateId: options.estimateId ?? latest!.id,
    },
  });
  return estimateAmount;
}

/** The claim's repair facility and its labour rate, which prices every estimate when it has one. */
export async function claimFacility(db: Database, repairFacilityId: string | null) {
  if (!repairFacilityId) return null;
  const [facility] = await db
    .select({ name: repairFacilities.name, laborRateCents: repairFacilities.laborRateCents })
    .from(repairFacilities)
    .where(eq(repairFacilities.id, repairFacilityId));
  return facility ?? null;
}

/** One estimate, if the caller's scope covers its claim (else 404, as for an unknown id). */
export async function getEstimate(db: Database, scope: CompanyScope, id: string): Promise<Estimate> {
  const [owner] = await db
    .select({ companyId: claims.companyId })
    .from(estimates)
    .innerJoin(claims, eq(claims.id, estimates.claimId))
    .where(eq(estimates.id, id));
  if (!owner) throw new AppError('not_found', ESTIMATE_NOT_FOUND);
  assertInScope(scope, owner.companyId, ESTIMATE_NOT_FOUND);
  const [estimate] = await selectEstimates(db, eq(estimates.id, id));
  return estimate!;
}

/** Locks the claim's row for the rest of the transaction: estimates of one claim are numbered one at a time. */
async function lockClaim(tx: Database, claimId: string) {
  const [claim] = await tx
    .select({
      id: claims.id,
      version: claims.version,
      estimateAmountCents: claims.estimateAmountCents,
      approvedAmountCents: claims.approvedAmountCents,
    })
    .from(claims)
    .where(eq(claims.id, claimId))
    .for('update');
  return claim!;
}

/**
 * Adds an estimate to a claim: the original, or the next supplement. A blank number reuses the original's
 * (supplements belong to the same estimate), else EST- and the claim's digits.
 */
export async function createEstimate(
  db: Database,
  actor: Actor,
  claimId: string,
  input: EstimateValues,
): Promise<Estimate> {
  const scope = actorScope(actor);
  const row = await loadClaimRow(db, scope, claimId);
  const facility = await claimFacility(db, row.claim.repairFacilityId);
  const { columns, lines } = priced(input, facility?.laborRateCents ?? null);
  const id = await db.transaction(async (tx) => {
    await lockClaim(tx, claimId);
    const existing = await tx
      .select({ supplementNumber: estimates.supplementNumber, number: estimates.number })
      .from(estimates)
      .where(eq(estimates.claimId, claimId))
      .orderBy(asc(estimates.supplementNumber));
    if (existing.length >= ESTIMATES_PER_CLAIM_MAX) {
      throw new AppError('conflict', `A claim has at most ${ESTIMATES_PER_CLAIM_MAX} estimates`);
    }
    const supplementNumber = existing.length ? existing.at(-1)!.supplementNumber + 1 : 0;
    const number = input.number ?? existing[0]?.number ?? defaultEstimateNumber(row.claim.number);
    const [created] = await tx
      .insert(estimates)
      .values({
        ...columns,
        claimId,
        source: 'manual',
        number,
        supplementNumber,
        createdById: actorUserId(actor),
      })
      .returning();
    await tx.insert(estimateLines).values(lines(created!.id));
    const label = supplementLabel(supplementNumber);
    await notify(
      tx,
      actor,
      (await decidersFor(tx, row.claim.companyId)).map((user) => user.id),
      {
        type: 'estimate_review',
        title: `${label} awaits review on ${formatClaimNumber(row.claim.number)}: ${formatCents(columns.totalCents)}`,
        message: `Unit ${row.vehicle.unitNumber} · ${label} ${number} was added${actor.kind === 'user' ? ` by ${displayName(actor.user)}` : ''}; approve or reject it under Estimates.`,
        relatedVehicleId: claimId,
      },
    );
    await recordAudit(tx, actor, {
      action: 'estimate.created',
      entityType: 'estimate',
      entityId: created!.id,
      after: { claimId, number, supplement: supplementLabel(supplementNumber), ...columns },
    });
    return created!.id;
  });
  return getEstimate(db, scope, id);
}

/** Replaces an estimate awaiting review (its fields and all its lines), if `version` is still current. */
export async function updateEstimate(
  db: Database,
  actor: Actor,
  id: string,
  { version, ...input }: UpdateEstimateValues,
): Promise<Estimate> {
  const scope = actorScope(actor);
  const before = await getEstimate(db, scope, id);
  assertEstimatePending(before);
  assertEstimateEditable(before);
  if (before.version !== version) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
  const [claim] = await db
    .select({ repairFacilityId: claims.repairFacilityId })
    .from(claims)
    .where(eq(claims.id, before.claimId));
  const facility = await claimFacility(db, claim!.repairFacilityId);
  const { columns, lines } = priced(input, facility?.laborRateCents ?? null);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(estimates)
      .set({
        ...columns,
        ...(input.number ? { number: input.number } : {}),
        version: sql`${estimates.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(estimates.id, id), eq(estimates.version, version), eq(estimates.status, 'pending')))
      .returning({ id: estimates.id });
    if (!updated) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
    await tx.delete(estimateLines).where(eq(estimateLines.estimateId, id));
    await tx.insert(estimateLines).values(lines(id));
    const { lines: _lines, ...beforeColumns } = before;
    await recordAudit(tx, actor, {
      action: 'estimate.updated',
      entityType: 'estimate',
      entityId: id,
      before: { ...beforeColumns, lineCount: before.lines.length },
      after: { ...columns, number: input.number ?? before.number, lineCount: input.lines.length },
    });
  });
  return getEstimate(db, scope, id);
}

/**
 * Approves or rejects an estimate awaiting review. Approving makes the claim's estimate amount and its
 * approved amount follow its latest approved estimate (the highest supplement approved: supplements are
 * complete estimates), in the same transaction, with the claim's version bumped and the change audited
 * (decision 015: the approved amount is set by the latest decision, an estimate's or an authorization's).
 */
export async function decideEstimate(
  db: Database,
  actor: Actor,
  id: string,
  decision: EstimateDecision,
): Promise<Estimate> {
  const scope = actorScope(actor);
  const before = await getEstimate(db, scope, id);
  assertEstimatePending(before);
  if (before.version !== decision.version) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
  const status = decision.action === 'approve' ? 'approved' : 'rejected';
  await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, before.claimId);
    const [decided] = await tx
      .update(estimates)
      .set({
        status,
        decidedById: actorUserId(actor),
        decidedAt: sql`now()`,
        decisionNote: decision.note?.trim() || null,
        version: sql`${estimates.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(estimates.id, id), eq(estimates.version, decision.version), eq(estimates.status, 'pending')),
      )
      .returning({ id: estimates.id });
    if (!decided) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
    await recordAudit(tx, actor, {
      action: `estimate.${status}`,
      entityType: 'estimate',
      entityId: id,
      before: { status: before.status },
      after: { status, note: decision.note?.trim() || null, totalCents: before.totalCents },
    });
    // Approving counts the estimate (and sets the approved amount); rejecting an imported one stops counting it.
    if (status === 'approved' || isImportedEstimate(before)) {
      await syncClaimEstimateAmount(tx, actor, claim, { approved: status === 'approved', estimateId: id });
    }
  });
  return getEstimate(db, scope, id);
}
