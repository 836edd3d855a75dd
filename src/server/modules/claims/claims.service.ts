import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  claimDateErrors,
  assignedToYouTitle,
  type CreateClaimValues,
  type UpdateClaimValues,
} from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { actorImpersonatorId, actorScope, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  authorizationRequests,
  claims,
  claimStatusHistory,
  claimWatchers,
  estimates,
  vehicles,
} from '../../db/schema/index.js';
import type { Log } from '../../logger.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { removeStoredFiles } from '../../storage/remove-stored-files.js';
import { recordAudit } from '../audit/index.js';
import { assertInScope, inScope } from '../../company-scope.js';
import { notify } from '../notifications/index.js';
import { emitClaimEvent } from './claim-webhooks.js';
import { nextClaimNumber } from './claim-numbering.js';
import { claimSearchText, type ClaimRow } from './claim-queries.js';
import { loadClaimRow, STALE_VERSION_MESSAGE } from './claim-read.js';
import { deleteClaimAttachmentRows } from './claim-files.js';
import { checkReferences } from './claim-references.js';
import { canDeleteClaim } from './claims.policy.js';

/** Creating, editing and deleting claims (moves: claim-workflow.service.ts; the list: claim-list/). */

const VIN_TAKEN = 'This company already has a vehicle with this VIN: choose it instead';

export async function createClaim(db: Database, actor: Actor, input: CreateClaimValues) {
  const scope = actorScope(actor);
  const userId = actorUserId(actor);
  const { vehicleId, vehicle: newVehicle, workflow, ...fields } = input;
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      let vehicle: typeof vehicles.$inferSelect;
      if (vehicleId) {
        const [existing] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId));
        if (!existing || !inScope(scope, existing.companyId)) {
          throw new AppError('validation', 'That vehicle does not exist', {
            fieldErrors: { vehicleId: ['That vehicle does not exist'] },
          });
        }
        vehicle = existing;
      } else {
        assertInScope(scope, newVehicle!.companyId, 'That company does not exist');
        await checkReferences(tx, newVehicle!.companyId, { locationId: newVehicle!.locationId });
        [vehicle] = (await tx.insert(vehicles).values(newVehicle!).returning()) as [
          typeof vehicles.$inferSelect,
        ];
      }
      const locationId = fields.locationId === undefined ? vehicle.locationId : fields.locationId;
      await checkReferences(tx, vehicle.companyId, { ...fields, locationId });
      const number = await nextClaimNumber(tx);
      const [claim] = await tx
        .insert(claims)
        .values({
          ...fields,
          locationId,
          workflow,
          number,
          vehicleId: vehicle.id,
          companyId: vehicle.companyId,
          odometerAtIntake: fields.odometerAtIntake ?? vehicle.odometer,
          searchText: claimSearchText(number, vehicle, fields),
          createdById: userId,
          updatedById: userId,
        })
        .returning();
      await tx.insert(claimStatusHistory).values({
        claimId: claim!.id,
        fromStatus: null,
        toStatus: 'reported',
        actorId: userId,
        impersonatorId: actorImpersonatorId(actor),
      });
      if (userId) {
        await tx.insert(claimWatchers).values({ claimId: claim!.id, userId }).onConflictDoNothing();
      }
      await recordAudit(tx, actor, {
        action: 'claim.created',
        entityType: 'claim',
        entityId: claim!.id,
        after: claim,
      });
      await emitClaimEvent(tx, 'claim.created', claim!);
      if (claim!.assigneeId && claim!.assigneeId !== userId) {
        await notify(tx, actor, [claim!.assigneeId], {
          type: 'assignment',
          title: assignedToYouTitle(number),
          message: `${vehicle.unitNumber} · ${[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')}`,
          relatedVehicleId: claim!.id,
        });
      }
      return claim!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'vehicles_company_vin_key')) {
      throw new AppError('conflict', VIN_TAKEN, { fieldErrors: { 'vehicle.vin': [VIN_TAKEN] } });
    }
    throw error;
  }
  return loadClaimRow(db, scope, id);
}

const ESTIMATE_FOLLOWS_ESTIMATES =
  'The estimate follows the latest approved estimate: enter or approve one under Estimates to change it';
const APPROVED_FOLLOWS_DECISIONS =
  'The approved amount follows the estimate and authorization decisions: approve a supplement or request a new authorization to change it';

/**
 * Once an estimate is approved, the claim's estimate amount follows the latest approved one (decision 015);
 * the approved amount is set by the latest decision: an approved estimate's total, or what an authorization
 * approved (decisions 015, 016). Changed by hand,
 * they would disagree with the paperwork: such a change answers these field errors (the same value may be sent
 * back).
 */
async function amountsSetByDecisions(
  db: Database,
  claim: ClaimRow['claim'],
  fields: Omit<UpdateClaimValues, 'version'>,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (fields.estimateAmountCents !== undefined && fields.estimateAmountCents !== claim.estimateAmountCents) {
    const [approved] = await db
      .select({ id: estimates.id })
      .from(estimates)
      .where(
        and(
          eq(estimates.claimId, claim.id),
          or(
            eq(estimates.status, 'approved'),
            and(
              eq(estimates.source, 'ccc'),
              eq(estimates.preliminary, false),
              ne(estimates.status, 'rejected'),
            ),
          ),
        ),
      )
      .limit(1);
    if (approved) errors.estimateAmountCents = [ESTIMATE_FOLLOWS_ESTIMATES];
  }
  if (fields.approvedAmountCents !== undefined && fields.approvedAmountCents !== claim.approvedAmountCents) {
    const [decided] = await db
      .select({ id: authorizationRequests.id })
      .from(authorizationRequests)
      .where(
        and(
          eq(authorizationRequests.claimId, claim.id),
          inArray(authorizationRequests.status, ['approved', 'partially_approved']),
        ),
      )
      .limit(1);
    const [approvedEstimate] = decided
      ? [decided]
      : await db
          .select({ id: estimates.id })
          .from(estimates)
          .where(and(eq(estimates.claimId, claim.id), eq(estimates.status, 'approved')))
          .limit(1);
    if (approvedEstimate) errors.approvedAmountCents = [APPROVED_FOLLOWS_DECISIONS];
  }
  return errors;
}

/** Changes claim fields if `version` is still current; otherwise 409 and nothing changes. */
export async function updateClaim(db: Database, actor: Actor, id: string, input: UpdateClaimValues) {
  const scope = actorScope(actor);
  const before = await loadClaimRow(db, scope, id);
  const { version, ...fields } = input;
  if (before.claim.version !== version) throw new AppError('conflict', STALE_VERSION_MESSAGE);
  await checkReferences(db, before.claim.companyId, fields);
  const merged = { ...before.claim, ...fields };
  // Checked on the claim as the edit leaves it: the schema saw only the fields sent.
  const dateErrors = claimDateErrors(merged, (field) => field in fields);
  const errors = {
    ...(await amountsSetByDecisions(db, before.claim, fields)),
    ...Object.fromEntries(Object.entries(dateErrors).map(([field, message]) => [field, [message]])),
  };
  const messages = Object.values(errors).flat();
  if (messages.length) throw new AppError('validation', messages.join('. '), { fieldErrors: errors });
  const [updated] = await db
    .update(claims)
    .set({
      ...fields,
      searchText: claimSearchText(before.claim.number, before.vehicle, merged),
      version: sql`${claims.version} + 1`,
      updatedById: actorUserId(actor),
      updatedAt: sql`now()`,
    })
    .where(and(eq(claims.id, id), eq(claims.version, version)))
    .returning();
  if (!updated) throw new AppError('conflict', STALE_VERSION_MESSAGE);
  const changed = Object.keys(fields).filter(
    (key) =>
      JSON.stringify(before.claim[key as keyof typeof before.claim]) !==
      JSON.stringify(updated[key as keyof typeof updated]),
  );
  if (changed.length) {
    await recordAudit(db, actor, {
      action: 'claim.updated',
      entityType: 'claim',
      entityId: id,
      before: Object.fromEntries(changed.map((key) => [key, before.claim[key as keyof typeof before.claim]])),
      after: Object.fromEntries(changed.map((key) => [key, updated[key as keyof typeof updated]])),
    });
  }
  if (
    fields.assigneeId &&
    fields.assigneeId !== before.claim.assigneeId &&
    fields.assigneeId !== actorUserId(actor)
  ) {
    await notify(db, actor, [fields.assigneeId], {
      type: 'assignment',
      title: assignedToYouTitle(updated.number),
      message: `${before.vehicle.unitNumber} · ${before.claim.description.slice(0, 120)}`,
      relatedVehicleId: id,
    });
  }
  return loadClaimRow(db, scope, id);
}

/** Deletes a claim with everything under it; its stored files are removed once the deletion is committed. */
export async function deleteClaim(db: Database, storage: FileStorage, actor: Actor, id: string, log: Log) {
  const scope = actorScope(actor);
  const before = await loadClaimRow(db, scope, id);
  if (!canDeleteClaim(actor, before.claim))
    throw new AppError('forbidden', 'You do not have permission to do this');
  const fileKeys = await db.transaction(async (tx) => {
    // Uploads lock the claim row too, so none can add a file that this deletion would not see.
    await tx.select({ id: claims.id }).from(claims).where(eq(claims.id, id)).for('update');
    const keys = await deleteClaimAttachmentRows(tx, id);
    await tx.delete(claims).where(eq(claims.id, id));
    await recordAudit(tx, actor, {
      action: 'claim.deleted',
      entityType: 'claim',
      entityId: id,
      before: before.claim,
    });
    return keys;
  });
  await removeStoredFiles(storage, fileKeys, log);
}
