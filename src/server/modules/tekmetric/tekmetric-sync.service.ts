import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, max, notExists, sql } from 'drizzle-orm';
import type { AuthorizationStatus } from '@shared/authorizations.js';
import { createClaimSchema } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import {
  RO_FINAL_STATUS_IDS,
  RO_STATUS_NAMES,
  RO_STATUS_TO_CLAIM_STATUS,
  type SyncLogEntry,
} from '@shared/tekmetric.js';
import { VIN_PATTERN } from '@shared/vin.js';
import type { ClaimStatus } from '@shared/workflows.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  authorizationLines,
  authorizationRequests,
  claims,
  claimStatusHistory,
  FINISHED_STATUS_LIST,
  tekmetricRepairOrders,
  tekmetricSyncLog,
  vehicles,
} from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { createClaim } from '../claims/index.js';
import { syncClaimEstimateAmount } from '../estimates/index.js';
import type {
  TekmetricClient,
  TekmetricJobDto,
  TekmetricRepairOrderDto,
  TekmetricVehicleDto,
} from './tekmetric-client.js';
import { draftFingerprint, roEstimateDraft, storeRoEstimate } from './tekmetric-estimate.js';

/**
 * The repair-order sync of one shop (issue 17): ROs updated since the cursor, page by page until `last`; each
 * RO matched by VIN to a fleet vehicle becomes or updates a mechanical claim, its jobs the lines of the claim's
 * authorization. Keys: the RO id (tekmetric_repair_orders) and the job id (authorization_lines). An RO whose
 * synced fields hash to what was stored last changes nothing.
 */

/** How far back each run looks before the cursor, for ROs saved while the previous run was reading. */
export const CURSOR_OVERLAP_MS = 5 * 60_000;
export const PAGE_SIZE = 100;

export interface ShopSyncOutcome {
  rosFetched: number;
  claimsCreated: number;
  claimsUpdated: number;
  unchanged: number;
  skipped: SyncLogEntry['skipped'];
  errors: SyncLogEntry['errors'];
}

/** Trim, upper-case, no spaces or dashes; null unless 17 VIN characters (no I, O, Q). */
export function normalizeVin(vin: string | null | undefined): string | null {
  const normal = (vin ?? '').replace(/[\s-]/g, '').toUpperCase();
  return VIN_PATTERN.test(normal) ? normal : null;
}

type JobDecision = 'approved' | 'declined' | 'pending';

/** api doc §6: authorized → approved; not authorized with a decision date → declined; else pending. */
export function jobDecision(job: Pick<TekmetricJobDto, 'authorized' | 'authorizedDate'>): JobDecision {
  if (job.authorized === true) return 'approved';
  return job.authorizedDate ? 'declined' : 'pending';
}

export interface AuthorizationFigures {
  status: AuthorizationStatus;
  requestedCents: number;
  approvedCents: number;
  declinedCents: number;
  pendingCents: number;
}

/**
 * The authorization a set of jobs amounts to (amounts: the jobs' subtotals, in cents). All undecided: pending;
 * every job approved: approved; some approved: partially approved (the shop works on those while the rest
 * waits or was declined); none approved and none waiting: declined.
 */
export function authorizationFigures(jobs: TekmetricJobDto[]): AuthorizationFigures {
  const sum = (decision: JobDecision) =>
    jobs
      .filter((job) => jobDecision(job) === decision)
      .reduce((total, job) => total + Math.round(job.subtotal), 0);
  const approvedCents = sum('approved');
  const declinedCents = sum('declined');
  const pendingCents = sum('pending');
  const decisions = new Set(jobs.map(jobDecision));
  const status: AuthorizationStatus =
    decisions.size === 1 && decisions.has('approved')
      ? 'approved'
      : decisions.has('approved')
        ? 'partially_approved'
        : decisions.has('pending')
          ? 'pending'
          : 'declined';
  return {
    status,
    requestedCents: approvedCents + declinedCents + pendingCents,
    approvedCents,
    declinedCents,
    pendingCents,
  };
}

const sortedJobs = (ro: TekmetricRepairOrderDto) =>
  [...(ro.jobs ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);

/** What of an RO the claim shows; the same RO gives the same hash. */
function fingerprintOf(ro: TekmetricRepairOrderDto, facilityId: string): string {
  const synced = {
    facilityId,
    status: ro.repairOrderStatus?.id ?? null,
    vehicleId: ro.vehicleId,
    number: ro.repairOrderNumber,
    milesIn: ro.milesIn ?? null,
    postedDate: ro.postedDate ?? null,
    deletedDate: ro.deletedDate ?? null,
    totalSales: ro.totalSales,
    amountPaid: ro.amountPaid,
    concerns: (ro.customerConcerns ?? []).map((concern) => concern.concern),
    jobs: sortedJobs(ro).map((job) => [job.id, job.name, job.subtotal, jobDecision(job), job.note ?? null]),
    // The lines of the RO's estimate: a price or a part changed in Tekmetric updates it.
    estimate: draftFingerprint(roEstimateDraft(sortedJobs(ro))),
  };
  return createHash('sha256').update(JSON.stringify(synced)).digest('hex');
}

function claimStatusFor(ro: TekmetricRepairOrderDto): ClaimStatus | null {
  if (ro.deletedDate) return RO_STATUS_TO_CLAIM_STATUS[7];
  const id = ro.repairOrderStatus?.id;
  return id && id in RO_STATUS_TO_CLAIM_STATUS
    ? RO_STATUS_TO_CLAIM_STATUS[id as keyof typeof RO_STATUS_TO_CLAIM_STATUS]
    : null;
}

const roLabel = (ro: TekmetricRepairOrderDto) => `Tekmetric RO #${ro.repairOrderNumber ?? ro.id}`;

function claimDescription(ro: TekmetricRepairOrderDto, shopName: string) {
  const concerns = (ro.customerConcerns ?? []).map((concern) => concern.concern.trim()).filter(Boolean);
  return [`${roLabel(ro)} at ${shopName}.`, ...concerns.map((concern) => `Concern: ${concern}`)]
    .join('\n')
    .slice(0, 10_000);
}

type Outcome = { kind: 'created' | 'updated' | 'unchanged' } | { kind: 'skipped'; reason: string };

interface RoContext {
  actor: Actor;
  facility: { id: string; name: string };
  vehicle: TekmetricVehicleDto | null;
}

/** Syncs one RO in one transaction: nothing of it is half written. */
export async function syncRepairOrder(
  db: Database,
  ro: TekmetricRepairOrderDto,
  context: RoContext,
): Promise<Outcome> {
  const { actor, facility } = context;
  const vin = normalizeVin(context.vehicle?.vin);
  if (!vin) return { kind: 'skipped', reason: 'The Tekmetric vehicle has no valid VIN' };
  const fleet = await db
    .select()
    .from(vehicles)
    .where(sql`upper(${vehicles.vin}) = ${vin}`)
    .limit(2);
  if (fleet.length === 0) return { kind: 'skipped', reason: `VIN ${vin} is not in the fleet` };
  if (fleet.length > 1)
    return { kind: 'skipped', reason: `VIN ${vin} belongs to vehicles of several companies` };
  const vehicle = fleet[0]!;
  const roId = String(ro.id);
  const fingerprint = fingerprintOf(ro, facility.id);
  const [known] = await db.select().from(tekmetricRepairOrders).where(eq(tekmetricRepairOrders.roId, roId));
  if (known && known.fingerprint === fingerprint) return { kind: 'unchanged' };

  return db.transaction(async (tx) => {
    let created = false;
    let claimId = known?.claimId;
    if (!claimId) {
      // An RO on a vehicle with an open mechanical claim (not yet tied to another RO) attaches to it.
      const [open] = await tx
        .select({ id: claims.id })
        .from(claims)
        .where(
          and(
            eq(claims.vehicleId, vehicle.id),
            eq(claims.workflow, 'mechanical'),
            sql`${claims.status} not in (${sql.raw(FINISHED_STATUS_LIST)})`,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(tekmetricRepairOrders)
                .where(eq(tekmetricRepairOrders.claimId, claims.id)),
            ),
          ),
        )
        .orderBy(desc(claims.createdAt))
        .limit(1);
      if (open) claimId = open.id;
    }
    if (!claimId) {
      const row = await createClaim(
        tx,
        actor,
        createClaimSchema.parse({
          workflow: 'mechanical',
          vehicleId: vehicle.id,
          description: claimDescription(ro, facility.name),
          lossDate: ro.createdDate.slice(0, 10),
          repairFacilityId: facility.id,
          ...(ro.milesIn ? { odometerAtIntake: ro.milesIn } : {}),
        }),
      );
      claimId = row.claim.id;
      created = true;
    }
    const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
    if (!claim) throw new Error(`claim ${claimId} vanished`);

    const jobs = sortedJobs(ro);
    const figures = jobs.length ? authorizationFigures(jobs) : null;
    // A deleted RO leaves nothing to decide.
    if (figures && ro.deletedDate && figures.status === 'pending') figures.status = 'withdrawn';
    const authorizationId = figures
      ? await upsertAuthorization(
          tx,
          actor,
          claim.id,
          known?.authorizationId ?? null,
          jobs,
          figures,
          roLabel(ro),
        )
      : (known?.authorizationId ?? null);

    // The RO's estimate, through the estimates' rules: the claim's estimate amount follows it while counted.
    const draft = roEstimateDraft(jobs);
    if (draft) await storeRoEstimate(tx, actor, claim.id, ro, draft);
    const estimateAmountCents = await syncClaimEstimateAmount(tx, actor, claim);

    const target = claimStatusFor(ro);
    const final = RO_FINAL_STATUS_IDS.includes(ro.repairOrderStatus?.id ?? 0);
    const amounts = {
      repairFacilityId: facility.id,
      estimateAmountCents,
      approvedAmountCents:
        figures && figures.status !== 'pending' ? figures.approvedCents : claim.approvedAmountCents,
      finalAmountCents: final && ro.totalSales !== null ? Math.round(ro.totalSales) : claim.finalAmountCents,
    };
    // A claim closed in FleetClaims stays closed; otherwise the RO's status is the claim's.
    const moves = target !== null && target !== claim.status && claim.status !== 'closed';
    await tx
      .update(claims)
      .set({
        ...amounts,
        ...(moves
          ? {
              status: target,
              statusBeforeHold: target === 'on_hold' ? claim.status : null,
              statusChangedAt: sql`now()`,
              ...(target === 'completed' ? { completedAt: sql`now()` } : {}),
            }
          : {}),
        version: sql`${claims.version} + 1`,
        updatedById: null,
        updatedAt: sql`now()`,
      })
      .where(eq(claims.id, claim.id));
    if (moves) {
      const note = `${roLabel(ro)}: ${RO_STATUS_NAMES[ro.repairOrderStatus?.id ?? 7] ?? 'status changed'}`;
      await tx.insert(claimStatusHistory).values({
        claimId: claim.id,
        fromStatus: claim.status,
        toStatus: target,
        actorId: null,
        note,
        createdAt: sql`clock_timestamp()`,
      });
      await recordAudit(tx, actor, {
        action: 'claim.moved',
        entityType: 'claim',
        entityId: claim.id,
        before: { status: claim.status },
        after: { status: target, note },
      });
    }
    await recordAudit(tx, actor, {
      action: 'claim.synced',
      entityType: 'claim',
      entityId: claim.id,
      before: known
        ? {
            estimateAmountCents: claim.estimateAmountCents,
            approvedAmountCents: claim.approvedAmountCents,
            finalAmountCents: claim.finalAmountCents,
          }
        : null,
      after: { ...amounts, tekmetricRepairOrderId: roId, shopId: String(ro.shopId) },
    });
    await tx
      .insert(tekmetricRepairOrders)
      .values({
        roId,
        shopId: String(ro.shopId),
        roNumber: ro.repairOrderNumber === null ? null : String(ro.repairOrderNumber),
        claimId: claim.id,
        authorizationId,
        fingerprint,
        roUpdatedAt: new Date(ro.updatedDate),
      })
      .onConflictDoUpdate({
        target: tekmetricRepairOrders.roId,
        set: {
          claimId: claim.id,
          authorizationId,
          fingerprint,
          roUpdatedAt: new Date(ro.updatedDate),
          syncedAt: sql`now()`,
        },
      });
    return { kind: created ? 'created' : 'updated' } as const;
  });
}

/** The RO's authorization request and its lines (one per job, keyed by the job id). Answers its id. */
async function upsertAuthorization(
  tx: Database,
  actor: Actor,
  claimId: string,
  existingId: string | null,
  jobs: TekmetricJobDto[],
  figures: AuthorizationFigures,
  label: string,
): Promise<string> {
  const decided = figures.status !== 'pending';
  const fields = {
    status: figures.status,
    requestedAmountCents: figures.requestedCents,
    approvedAmountCents: figures.status === 'withdrawn' ? 0 : decided ? figures.approvedCents : null,
    note: `${label}: jobs from Tekmetric`,
    decidedById: null,
    decidedAutomatically: false,
    decisionNote:
      figures.status === 'withdrawn'
        ? 'The repair order was deleted in Tekmetric'
        : decided
          ? 'Decided in Tekmetric'
          : null,
  };
  let id = existingId;
  const [existing] = id
    ? await tx.select().from(authorizationRequests).where(eq(authorizationRequests.id, id))
    : [];
  try {
    if (existing) {
      await tx
        .update(authorizationRequests)
        .set({ ...fields, decidedAt: decided ? (existing.decidedAt ?? sql`now()`) : null })
        .where(eq(authorizationRequests.id, existing.id));
    } else {
      const [last] = await tx
        .select({ sequence: max(authorizationRequests.sequence) })
        .from(authorizationRequests)
        .where(eq(authorizationRequests.claimId, claimId));
      const [inserted] = await tx
        .insert(authorizationRequests)
        .values({
          ...fields,
          claimId,
          sequence: (last?.sequence ?? 0) + 1,
          decidedAt: decided ? sql`now()` : null,
        })
        .returning({ id: authorizationRequests.id });
      id = inserted!.id;
    }
  } catch (error) {
    if (isUniqueViolation(error, 'authorization_requests_pending_key')) {
      throw new AppError(
        'conflict',
        'The claim already has an authorization request awaiting a decision in FleetClaims',
      );
    }
    throw error;
  }
  const lines = await tx
    .select({ id: authorizationLines.id, jobId: authorizationLines.tekmetricJobId })
    .from(authorizationLines)
    .where(eq(authorizationLines.authorizationId, id!));
  const jobIds = jobs.map((job) => String(job.id));
  const gone = lines.filter((line) => !line.jobId || !jobIds.includes(line.jobId)).map((line) => line.id);
  if (gone.length) await tx.delete(authorizationLines).where(inArray(authorizationLines.id, gone));
  // Positions are unique per request: move the kept lines out of the way before renumbering them.
  await tx
    .update(authorizationLines)
    .set({ position: sql`-${authorizationLines.position} - 1000` })
    .where(eq(authorizationLines.authorizationId, id!));
  const lineOf = new Map(lines.map((line) => [line.jobId, line.id]));
  for (const [index, job] of jobs.entries()) {
    const decision = jobDecision(job);
    const values = {
      position: index + 1,
      description: job.note && decision === 'declined' ? `${job.name} (declined: ${job.note})` : job.name,
      amountCents: Math.round(job.subtotal),
      approved: decision === 'pending' ? null : decision === 'approved',
    };
    const lineId = lineOf.get(String(job.id));
    if (lineId) await tx.update(authorizationLines).set(values).where(eq(authorizationLines.id, lineId));
    else
      await tx
        .insert(authorizationLines)
        .values({ ...values, authorizationId: id!, tekmetricJobId: String(job.id) });
  }
  await recordAudit(tx, actor, {
    action: existing ? 'authorization.synced' : 'authorization.created',
    entityType: 'authorization',
    entityId: id,
    before: existing ? { status: existing.status, approvedAmountCents: existing.approvedAmountCents } : null,
    after: {
      status: figures.status,
      requestedAmountCents: figures.requestedCents,
      approvedAmountCents: fields.approvedAmountCents,
    },
  });
  return id!;
}

/**
 * One shop's sync: every page of ROs updated since `updatedSince` (all of them the first time) until the page
 * says `last`. A failing page throws (the caller logs it and keeps the cursor); a failing RO is logged with its id
 * and the others go on.
 */
export async function syncShop(
  db: Database,
  client: TekmetricClient,
  input: {
    actor: Actor;
    shopId: string;
    facility: { id: string; name: string };
    updatedSince: Date | undefined;
    pageSize?: number;
    signal?: AbortSignal;
  },
  outcome: ShopSyncOutcome,
): Promise<void> {
  const vehicleCache = new Map<number, TekmetricVehicleDto | null>();
  // Updated ROs, then (after a first sync) those deleted since: their claims are cancelled.
  const passes = input.updatedSince ? [false, true] : [false];
  for (const deleted of passes) {
    await syncPages(db, client, input, outcome, vehicleCache, deleted);
  }
}

async function syncPages(
  db: Database,
  client: TekmetricClient,
  input: Parameters<typeof syncShop>[2],
  outcome: ShopSyncOutcome,
  vehicleCache: Map<number, TekmetricVehicleDto | null>,
  deleted: boolean,
) {
  for (let page = 0; ; page++) {
    if (input.signal?.aborted) throw new Error('the sync was stopped');
    const result = await client.repairOrdersPage({
      shopId: input.shopId,
      updatedSince: input.updatedSince,
      deleted,
      page,
      size: input.pageSize ?? PAGE_SIZE,
    });
    for (const ro of result.content) {
      outcome.rosFetched++;
      if (deleted) {
        const [known] = await db
          .select({ roId: tekmetricRepairOrders.roId })
          .from(tekmetricRepairOrders)
          .where(eq(tekmetricRepairOrders.roId, String(ro.id)));
        // Deleted before it was ever synced: nothing to undo.
        if (!known) {
          outcome.unchanged++;
          continue;
        }
        ro.deletedDate ??= new Date().toISOString();
      }
      try {
        let vehicle: TekmetricVehicleDto | null = null;
        if (ro.vehicleId) {
          if (!vehicleCache.has(ro.vehicleId))
            vehicleCache.set(ro.vehicleId, await client.vehicle(ro.vehicleId));
          vehicle = vehicleCache.get(ro.vehicleId) ?? null;
        }
        const done = await syncRepairOrder(db, ro, { actor: input.actor, facility: input.facility, vehicle });
        if (done.kind === 'skipped')
          outcome.skipped.push({
            roId: String(ro.id),
            roNumber: ro.repairOrderNumber === null ? null : String(ro.repairOrderNumber),
            reason: done.reason,
          });
        else if (done.kind === 'created') outcome.claimsCreated++;
        else if (done.kind === 'updated') outcome.claimsUpdated++;
        else outcome.unchanged++;
      } catch (error) {
        outcome.errors.push({
          roId: String(ro.id),
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (result.last || result.content.length === 0) return;
  }
}

export async function writeSyncLog(
  db: Database,
  entry: Omit<typeof tekmetricSyncLog.$inferInsert, 'id' | 'seq'>,
) {
  await db.insert(tekmetricSyncLog).values(entry);
}
