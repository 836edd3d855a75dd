import { and, eq, sql } from 'drizzle-orm';
import { formatClaimNumber, type TransitionRequest } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { SHOP_MOVE_REFUSED_MESSAGE } from '@shared/shop-links.js';
import { allowedTransitions, isOpenStatus, STATUS_LABELS, type ClaimStatus } from '@shared/workflows.js';
import {
  actorApiTokenId,
  actorImpersonatorId,
  actorOutsideLinkId,
  actorScope,
  actorUserId,
  type Actor,
} from '../../actor.js';
import type { Database } from '../../db/client.js';
import {
  authorizationLines,
  authorizationRequests,
  claims,
  claimStatusHistory,
  claimWatchers,
} from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { notify, type NotifyInput } from '../notifications/index.js';
import { emitClaimEvent } from './claim-webhooks.js';
import { hasPendingAuthorization, loadClaimRow, STALE_VERSION_MESSAGE } from './claim-read.js';
import {
  AUTHORIZATION_AWAITS_DECISION,
  canMoveClaim,
  canMoveClaimTo,
  moveAwaitsAuthorization,
} from './claims.policy.js';

const label = (status: keyof typeof STATUS_LABELS) => STATUS_LABELS[status];

/** What a move needs to know about the claim (as read, with the version the move must find). */
export type MovableClaim = Pick<
  typeof claims.$inferSelect,
  'id' | 'number' | 'companyId' | 'workflow' | 'status' | 'statusBeforeHold' | 'version' | 'assigneeId'
>;

/**
 * Another system whose record moved the claim (decision 021): a Tekmetric repair order, a CCC estimate. The audit
 * names it; the caller's note (kept in the history and told to the followers) says what of it changed.
 */
export interface MoveSource {
  kind: 'tekmetric' | 'ccc';
  /** Which record: the repair order's id, the CCC estimate's document id. */
  reference: string;
  /**
   * The system's own status is the claim's, whatever the workflow table says about the direction (Tekmetric's
   * repair-order statuses). This is all a source may skip: the version, the history, the audit, the
   * notifications and the withdrawal of a pending authorization are those of any move.
   */
  skipWorkflowTable?: boolean;
}

export interface MoveOptions {
  /**
   * Taking back the last move (`undoLastMove`): the claim returns to where it was, whatever the workflow table
   * says about that direction, with the on-hold memory it had there.
   */
  undoing?: { statusBeforeHold: ClaimStatus | null };
  /** A move the system makes (an automatic approval): the history names no one. */
  automatic?: boolean;
  /** What the audit entry says of `set`'s columns besides the status, before and after (the final cost). */
  audit?: { before: Record<string, unknown>; after: Record<string, unknown> };
  /** Further claim columns set by the same update (e.g. the approved amount of an authorization). */
  set?: Partial<typeof claims.$inferInsert>;
  /** False when the caller tells the claim's followers itself (an authorization says more than a move). */
  notifyFollowers?: boolean;
  /** A move made from another system's record (a sync, an import): see `MoveSource`. */
  source?: MoveSource;
}

/** The assignee and the watchers of a claim: whom every move concerns. */
export async function claimFollowers(db: Database, claim: Pick<MovableClaim, 'id' | 'assigneeId'>) {
  const watchers = await db
    .select({ userId: claimWatchers.userId })
    .from(claimWatchers)
    .where(eq(claimWatchers.claimId, claim.id));
  return [...new Set([claim.assigneeId, ...watchers.map((w) => w.userId)])].filter(
    (userId): userId is string => !!userId,
  );
}

export function statusChangeNotice(
  claim: Pick<MovableClaim, 'id' | 'number'>,
  unitNumber: string,
  from: ClaimStatus,
  to: ClaimStatus,
  note?: string | null,
): NotifyInput {
  return {
    type: 'status_change',
    title: `${formatClaimNumber(claim.number)} is now ${label(to)}`,
    message: `${unitNumber}: ${label(from)} → ${label(to)}${note ? ` — ${note}` : ''}`,
    relatedVehicleId: claim.id,
    // `changedBy` is the actor's name, which `notify` adds to every email.
    mail: {
      template: 'claim_status_changed',
      values: {
        claimNumber: formatClaimNumber(claim.number),
        vehicle: `Unit ${unitNumber}`,
        previousStatus: label(from),
        status: label(to),
      },
    },
  };
}

/**
 * Moves a claim inside the caller's transaction, if the workflow table allows it and the claim still has the
 * version read (else 409): updates it, records the history and the audit, and notifies the assignee and the
 * watchers. Answers the claim's new version. Every move of a claim goes through here, whoever asks: a person, the
 * board, an authorization, a job or an integration (`options.source`); `claim-status-writes.unit.test.ts` fails
 * if a status is written anywhere else.
 */
export async function moveClaim(
  tx: Database,
  actor: Actor,
  claim: MovableClaim,
  unitNumber: string,
  { to, note }: { to: ClaimStatus; note?: string | null },
  options: MoveOptions = {},
): Promise<number> {
  // An automatic move names no one in the history, like the system's own moves.
  const mover = options.automatic ? null : actorUserId(actor);
  const allowed = allowedTransitions(claim.workflow, claim.status, claim.statusBeforeHold);
  if (!options.undoing && !options.source?.skipWorkflowTable && !allowed.includes(to)) {
    const moves = allowed.length ? allowed.map(label).join(', ') : 'none';
    throw new AppError(
      'conflict',
      `A claim cannot move from ${label(claim.status)} to ${label(to)}. Allowed moves: ${moves}.`,
    );
  }
  const [updated] = await tx
    .update(claims)
    .set({
      ...options.set,
      status: to,
      statusBeforeHold: options.undoing
        ? options.undoing.statusBeforeHold
        : to === 'on_hold'
          ? claim.status
          : null,
      statusChangedAt: sql`now()`,
      ...(to === 'completed' ? { completedAt: sql`now()` } : {}),
      ...(to === 'closed' ? { closedAt: sql`now()` } : {}),
      version: sql`${claims.version} + 1`,
      updatedById: actorUserId(actor),
      updatedAt: sql`now()`,
    })
    .where(and(eq(claims.id, claim.id), eq(claims.version, claim.version)))
    .returning({ version: claims.version });
  if (!updated) throw new AppError('conflict', STALE_VERSION_MESSAGE);
  await tx.insert(claimStatusHistory).values({
    claimId: claim.id,
    fromStatus: claim.status,
    toStatus: to,
    actorId: mover,
    impersonatorId: options.automatic ? null : actorImpersonatorId(actor),
    apiTokenId: options.automatic ? null : actorApiTokenId(actor),
    outsideLinkId: options.automatic ? null : actorOutsideLinkId(actor),
    note: note || null,
    // now() is the transaction's start: two moves in one transaction (an automatic approval) must still
    // be told apart and ordered.
    createdAt: sql`clock_timestamp()`,
  });
  await recordAudit(tx, actor, {
    action: 'claim.moved',
    entityType: 'claim',
    entityId: claim.id,
    before: { status: claim.status, ...options.audit?.before },
    after: {
      status: to,
      ...options.audit?.after,
      note: note || null,
      ...(options.automatic ? { automatic: true } : {}),
      ...(options.undoing ? { undo: true } : {}),
      ...(options.source
        ? { source: { kind: options.source.kind, reference: options.source.reference } }
        : {}),
    },
    ...(options.automatic ? { actorId: null } : {}),
  });
  await emitClaimEvent(tx, 'claim.status_changed', claim, {
    fromStatus: claim.status,
    toStatus: to,
    note: note || null,
  });
  if (options.notifyFollowers !== false) {
    const recipients = (await claimFollowers(tx, claim)).filter((id) => id !== actorUserId(actor));
    await notify(tx, actor, recipients, statusChangeNotice(claim, unitNumber, claim.status, to, note));
  }
  // Only mechanical claims ask for authorization.
  if (claim.workflow === 'mechanical' && !isOpenStatus(to)) {
    await withdrawPendingAuthorization(tx, actor, claim, unitNumber, to);
  }
  return updated.version;
}

/**
 * A claim that ends (it can only be cancelled) while an authorization request awaits its decision withdraws the
 * request: nothing is left to decide. Its lines are not approved, the move's author is recorded with the reason,
 * and the requester is told. The claim is already locked by the move, as a decision locks it first too.
 */
async function withdrawPendingAuthorization(
  tx: Database,
  actor: Actor,
  claim: MovableClaim,
  unitNumber: string,
  to: ClaimStatus,
) {
  const userId = actorUserId(actor);
  const reason = `The claim was ${label(to).toLowerCase()} before a decision.`;
  const [withdrawn] = await tx
    .update(authorizationRequests)
    .set({ status: 'withdrawn', decidedById: userId, decidedAt: sql`now()`, decisionNote: reason })
    .where(and(eq(authorizationRequests.claimId, claim.id), eq(authorizationRequests.status, 'pending')))
    .returning({ id: authorizationRequests.id, requestedById: authorizationRequests.requestedById });
  if (!withdrawn) return;
  await tx
    .update(authorizationLines)
    .set({ approved: false })
    .where(eq(authorizationLines.authorizationId, withdrawn.id));
  await recordAudit(tx, actor, {
    action: 'authorization.withdrawn',
    entityType: 'authorization',
    entityId: withdrawn.id,
    before: { status: 'pending' },
    after: { status: 'withdrawn', note: reason },
  });
  if (withdrawn.requestedById && withdrawn.requestedById !== userId) {
    await notify(tx, actor, [withdrawn.requestedById], {
      type: 'authorization_decision',
      title: `${formatClaimNumber(claim.number)} authorization withdrawn`,
      message: `${unitNumber}: ${reason}`,
      relatedVehicleId: claim.id,
    });
  }
}

/**
 * `POST /api/vehicles/{id}/transitions`. Refused with 409 when the move is not in the workflow table (saying
 * which moves are allowed), the version is stale, or an authorization request awaits its decision (deciding
 * it moves the claim).
 */
export async function transitionClaim(
  db: Database,
  actor: Actor,
  id: string,
  { to, note, version, finalAmountCents }: TransitionRequest,
) {
  const scope = actorScope(actor);
  const row = await loadClaimRow(db, scope, id);
  const { claim } = row;
  if (claim.version !== version) throw new AppError('conflict', STALE_VERSION_MESSAGE);
  if (!canMoveClaim(actor, claim)) throw new AppError('forbidden', 'You do not have permission to do this');
  if (!canMoveClaimTo(actor, claim, to)) throw new AppError('forbidden', SHOP_MOVE_REFUSED_MESSAGE);
  // The same rule as the moves offered (claims.policy.ts); asked of the database only when it could apply.
  if (
    moveAwaitsAuthorization({ ...claim, pendingAuthorization: true }, to) &&
    (await hasPendingAuthorization(db, id))
  ) {
    throw new AppError('conflict', AUTHORIZATION_AWAITS_DECISION);
  }
  // Completing sets the final cost asked for (decision 038).
  const options: MoveOptions =
    to === 'completed' && finalAmountCents != null
      ? {
          set: { finalAmountCents },
          audit: { before: { finalAmountCents: claim.finalAmountCents }, after: { finalAmountCents } },
        }
      : {};
  await db.transaction((tx) => moveClaim(tx, actor, claim, row.vehicle.unitNumber, { to, note }, options));
  return loadClaimRow(db, scope, id);
}
