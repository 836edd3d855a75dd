import { and, desc, eq, notExists, sql, type SQL } from 'drizzle-orm';
import { createClaimSchema } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { RO_FINAL_STATUS_IDS } from '@shared/tekmetric.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, FINISHED_STATUS_LIST, tekmetricRepairOrders, vehicles } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { STALE_VERSION_MESSAGE, moveClaim, createClaim } from '../claims/index.js';
import { syncClaimEstimateAmount } from '../estimates/index.js';
import type { TekmetricRepairOrderDto, TekmetricVehicleDto } from './tekmetric-client.js';
import { roEstimateDraft, storeRoEstimate } from './tekmetric-estimate.js';
import { upsertAuthorization } from './tekmetric-authorization.js';
import {
  authorizationFigures,
  claimDescription,
  claimStatusFor,
  fingerprintOf,
  normalizeVin,
  roLabel,
  roMoveNote,
  sortedJobs,
} from './tekmetric-ro.js';

/**
 * One repair order of the sync (issue 17): matched by VIN to a fleet vehicle, it becomes or updates a mechanical
 * claim, its jobs the lines of the claim's authorization. Keys: the RO id (tekmetric_repair_orders) and the job
 * id (authorization_lines). An RO whose synced fields hash to what was stored last changes nothing.
 */

export type RoOutcome = { kind: 'created' | 'updated' | 'unchanged' } | { kind: 'skipped'; reason: string };

export interface RoContext {
  actor: Actor;
  facility: { id: string; name: string };
  /** The RO's vehicle in Tekmetric, asked only when the RO changed (the caller keeps one per run). */
  vehicle: () => Promise<TekmetricVehicleDto | null>;
}

/** What the sync tells the run log of an RO whose claim changed while it was read: it is synced next time. */
export const CLAIM_CHANGED_DURING_SYNC =
  'The claim changed in FleetClaims while this repair order was synced; nothing was written, and the next sync applies it';

/** True for the refusal of a move or a write over a claim that changed since the sync read it. */
export const isStaleClaim = (error: unknown) =>
  error instanceof AppError && error.message === STALE_VERSION_MESSAGE;

/** A claim as the sync reads it (with the version its writes expect) and its vehicle's unit number. */
async function readClaim(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({ claim: claims, unitNumber: vehicles.unitNumber })
    .from(claims)
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .where(where)
    .orderBy(desc(claims.createdAt))
    .limit(1);
  return row ?? null;
}

/** An open mechanical claim of the vehicle not yet tied to another RO: a new RO attaches to it. */
const openClaimOf = (db: Database, vehicleId: string) =>
  readClaim(
    db,
    and(
      eq(claims.vehicleId, vehicleId),
      eq(claims.workflow, 'mechanical'),
      sql`${claims.status} not in (${sql.raw(FINISHED_STATUS_LIST)})`,
      notExists(
        db
          .select({ one: sql`1` })
          .from(tekmetricRepairOrders)
          .where(eq(tekmetricRepairOrders.claimId, claims.id)),
      ),
    ),
  );

/** Locks the claim and answers its version; with `expected`, refuses (409) a claim changed since it was read. */
async function lockVersion(tx: Database, claimId: string, expected?: number): Promise<number> {
  const [row] = await tx
    .select({ version: claims.version })
    .from(claims)
    .where(eq(claims.id, claimId))
    .for('update');
  if (!row || (expected !== undefined && row.version !== expected)) {
    throw new AppError('conflict', STALE_VERSION_MESSAGE);
  }
  return row.version;
}

/**
 * Syncs one RO in one transaction: nothing of it is half written. The claim is read first, as a person's screen
 * reads it: what the sync decides (whether and where the claim moves) comes from that read, and its writes to the
 * claim are refused (409, `STALE_VERSION_MESSAGE`) if the claim changed since; the caller logs the RO as an error
 * and keeps the cursor, so the next run reads the claim again and applies the RO (decision 021).
 */
export async function syncRepairOrder(
  db: Database,
  ro: TekmetricRepairOrderDto,
  context: RoContext,
): Promise<RoOutcome> {
  const { actor, facility } = context;
  const roId = String(ro.id);
  const fingerprint = fingerprintOf(ro, facility.id);
  const [known] = await db.select().from(tekmetricRepairOrders).where(eq(tekmetricRepairOrders.roId, roId));
  if (known && known.fingerprint === fingerprint) return { kind: 'unchanged' };
  let read = known ? await readClaim(db, eq(claims.id, known.claimId)) : null;

  const vin = normalizeVin((await context.vehicle())?.vin);
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
  read ??= await openClaimOf(db, vehicle.id);

  return db.transaction(async (tx) => {
    let created = false;
    if (!read) {
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
      read = await readClaim(tx, eq(claims.id, row.claim.id));
      created = true;
    }
    const { unitNumber } = read!;
    const claimId = read!.claim.id;
    // The claim must still be as read; the RO's own writes below (its estimate) bump its version again.
    await lockVersion(tx, claimId, read!.claim.version);

    const jobs = sortedJobs(ro);
    const figures = jobs.length ? authorizationFigures(jobs) : null;
    // A deleted RO leaves nothing to decide.
    if (figures && ro.deletedDate && figures.status === 'pending') figures.status = 'withdrawn';
    const authorizationId = figures
      ? await upsertAuthorization(
          tx,
          actor,
          read!.claim,
          known?.authorizationId ?? null,
          jobs,
          figures,
          roLabel(ro),
        )
      : (known?.authorizationId ?? null);

    // The RO's estimate, through the estimates' rules.
    const draft = roEstimateDraft(jobs);
    if (draft) await storeRoEstimate(tx, actor, claimId, ro, draft);

    const claim = { ...read!.claim, version: await lockVersion(tx, claimId) };
    const target = claimStatusFor(ro);
    const final = RO_FINAL_STATUS_IDS.includes(ro.repairOrderStatus?.id ?? 0);
    const amounts = {
      repairFacilityId: facility.id,
      approvedAmountCents:
        figures && figures.status !== 'pending' ? figures.approvedCents : claim.approvedAmountCents,
      finalAmountCents: final && ro.totalSales !== null ? Math.round(ro.totalSales) : claim.finalAmountCents,
    };
    // A claim closed in FleetClaims stays closed; otherwise the RO's status is the claim's, through the one move
    // of every claim (the workflow table aside: decision 021).
    if (target !== null && target !== claim.status && claim.status !== 'closed') {
      await moveClaim(
        tx,
        actor,
        claim,
        unitNumber,
        { to: target, note: roMoveNote(ro) },
        { source: { kind: 'tekmetric', reference: roId, skipWorkflowTable: true }, set: amounts },
      );
    } else {
      const [written] = await tx
        .update(claims)
        .set({ ...amounts, version: sql`${claims.version} + 1`, updatedById: null, updatedAt: sql`now()` })
        .where(and(eq(claims.id, claim.id), eq(claims.version, claim.version)))
        .returning({ id: claims.id });
      if (!written) throw new AppError('conflict', STALE_VERSION_MESSAGE);
    }
    // The claim's estimate amount follows the RO's estimate while it is counted.
    const estimateAmountCents = await syncClaimEstimateAmount(tx, actor, claim);
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
      after: { ...amounts, estimateAmountCents, tekmetricRepairOrderId: roId, shopId: String(ro.shopId) },
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
