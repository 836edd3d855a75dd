import { and, eq, inArray, max, sql } from 'drizzle-orm';
import {
  AUTHORIZATIONS_PER_CLAIM_MAX,
  autoApprovalNote,
  sumAuthorizationLines,
  withinAutoApprovalLimit,
  type Authorization,
  type AuthorizationRequestValues,
} from '@shared/authorizations.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { formatCents } from '@shared/money.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import { actorScope, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { authorizationLines, authorizationRequests, claims, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { activeUserSeesCompany } from '../users/index.js';
import type { ClaimRow } from '../claims/index.js';
import {
  claimFollowers,
  moveClaim,
  statusChangeNotice,
  type MovableClaim,
  loadClaimRow,
  canMoveClaim,
} from '../claims/index.js';
import { recordAuthorizationDecided } from './authorization-decided.js';
import { companyAutoApprovalLimit, getAuthorization } from './authorization-read.js';
import {
  authorizationRequestableIn,
  authorizationsApplyTo,
  claimTakesAuthorizationRequest,
  DECIDING_ROLES,
} from './authorizations.policy.js';
import { notify } from '../notifications/index.js';

/** Locks a claim's row for the rest of the transaction and answers what a move needs. */
export async function lockClaimForMove(tx: Database, claimId: string): Promise<MovableClaim> {
  const [claim] = await tx
    .select({
      id: claims.id,
      number: claims.number,
      companyId: claims.companyId,
      workflow: claims.workflow,
      status: claims.status,
      statusBeforeHold: claims.statusBeforeHold,
      version: claims.version,
      assigneeId: claims.assigneeId,
    })
    .from(claims)
    .where(eq(claims.id, claimId))
    .for('update');
  return claim!;
}

/**
 * Who is asked to decide: the active users linked to the claim's company whose role may authorize; when the
 * company has none, the active admins (someone must hear of it).
 */
/** Active users who may decide money on a company's claims (authorizations, estimates). */
export async function decidersFor(db: Database, companyId: string) {
  const linked = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.role, DECIDING_ROLES), activeUserSeesCompany(db, companyId)));
  // Admins see every company; they are asked only when no one of the company can decide.
  const ofCompany = linked.filter((user) => user.role !== 'admin');
  return ofCompany.length ? ofCompany : linked;
}

export const displayName = (user: { firstName: string | null; lastName: string | null; username: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

const vehicleLine = (row: ClaimRow) =>
  [
    `Unit ${row.vehicle.unitNumber}`,
    [row.vehicle.year, row.vehicle.make, row.vehicle.model].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Asks to authorize mechanical work. The claim moves from diagnosis to "Authorization requested" and the
 * company's deciders are notified (by email too, unless they chose otherwise). At or under the company's auto-approval limit, the request is
 * approved at once and the claim moves on to "Authorized", saying so.
 */
export async function createAuthorization(
  db: Database,
  actor: UserActor,
  claimId: string,
  input: AuthorizationRequestValues,
): Promise<Authorization> {
  const scope = actorScope(actor);
  const requester = actor.user;
  const row = await loadClaimRow(db, scope, claimId);
  if (!canMoveClaim(actor, row.claim))
    throw new AppError('forbidden', 'You do not have permission to do this');
  if (!authorizationsApplyTo(row.claim.workflow)) {
    throw new AppError('conflict', 'Authorizations are for mechanical claims');
  }
  const amount = sumAuthorizationLines(input.lines);
  const limit = await companyAutoApprovalLimit(db, row.claim.companyId);
  const automatic = withinAutoApprovalLimit(amount, limit);
  const claimNumber = formatClaimNumber(row.claim.number);
  const unit = row.vehicle.unitNumber;

  const id = await db.transaction(async (tx) => {
    let claim = await lockClaimForMove(tx, claimId);
    if (!authorizationRequestableIn(claim.status)) {
      throw new AppError(
        'conflict',
        `Authorization can be requested while the claim is in Diagnosis; it is ${STATUS_LABELS[claim.status]}.`,
      );
    }
    const [previous] = await tx
      .select({ sequence: max(authorizationRequests.sequence) })
      .from(authorizationRequests)
      .where(eq(authorizationRequests.claimId, claimId));
    const [pending] = await tx
      .select({ id: authorizationRequests.id })
      .from(authorizationRequests)
      .where(and(eq(authorizationRequests.claimId, claimId), eq(authorizationRequests.status, 'pending')));
    if (pending) throw new AppError('conflict', 'This claim already has a request awaiting a decision');
    const sequence = (previous?.sequence ?? 0) + 1;
    if (!claimTakesAuthorizationRequest(sequence - 1)) {
      throw new AppError(
        'conflict',
        `A claim has at most ${AUTHORIZATIONS_PER_CLAIM_MAX} authorization requests`,
      );
    }
    const note = automatic ? autoApprovalNote(amount, limit!) : null;
    const [created] = await tx
      .insert(authorizationRequests)
      .values({
        claimId,
        sequence,
        requestedAmountCents: amount,
        note: input.note ?? null,
        requestedById: requester.id,
        ...(automatic
          ? {
              status: 'approved' as const,
              approvedAmountCents: amount,
              decidedAutomatically: true,
              decidedAt: sql`now()`,
              decisionNote: note,
            }
          : {}),
      })
      .returning();
    await tx.insert(authorizationLines).values(
      input.lines.map((line, position) => ({
        authorizationId: created!.id,
        position,
        description: line.description,
        amountCents: line.amountCents,
        approved: automatic ? true : null,
      })),
    );
    await recordAudit(tx, actor, {
      action: 'authorization.requested',
      entityType: 'authorization',
      entityId: created!.id,
      after: {
        claimId,
        sequence,
        requestedAmountCents: amount,
        lines: input.lines,
        note: input.note ?? null,
      },
    });

    const moved = claim.status === 'diagnosis';
    if (moved) {
      const version = await moveClaim(
        tx,
        actor,
        claim,
        unit,
        { to: 'authorization_pending', note: `Authorization requested: ${formatCents(amount)}` },
        { notifyFollowers: false },
      );
      claim = { ...claim, status: 'authorization_pending', version };
    }
    const followers = (await claimFollowers(tx, claim)).filter((userId) => userId !== requester.id);

    if (automatic) {
      await moveClaim(
        tx,
        actor,
        claim,
        unit,
        { to: 'authorized', note },
        { automatic: true, set: { approvedAmountCents: amount }, notifyFollowers: false },
      );
      await recordAuthorizationDecided(
        tx,
        actor,
        { id: created!.id, claimId, companyId: row.claim.companyId },
        {
          actorId: null,
          before: { status: 'pending' },
          after: { status: 'approved', approvedAmountCents: amount, automatic: true, note },
        },
      );
      await notify(tx, actor, followers, {
        type: 'authorization_decision',
        title: `${claimNumber} authorization approved automatically: ${formatCents(amount)}`,
        message: `${unit}: within the company’s auto-approval limit of ${formatCents(limit!)}.`,
        relatedVehicleId: claimId,
      });
      return created!.id;
    }

    const askedToDecide = (await decidersFor(tx, row.claim.companyId)).filter(
      (decider) => decider.id !== requester.id,
    );
    const askedIds = new Set(askedToDecide.map((user) => user.id));
    await notify(tx, actor, [...askedIds], {
      type: 'authorization_request',
      title: `Authorization requested on ${claimNumber}: ${formatCents(amount)}`,
      message: `${unit} · ${displayName(requester)} asks to authorize ${input.lines.length === 1 ? '1 line' : `${input.lines.length} lines`} of work.`,
      relatedVehicleId: claimId,
      mail: {
        template: 'authorization_requested',
        values: {
          requestedBy: displayName(requester),
          amount: formatCents(amount),
          claimNumber,
          vehicle: vehicleLine(row),
        },
      },
    });
    if (moved) {
      await notify(
        tx,
        actor,
        followers.filter((userId) => !askedIds.has(userId)),
        statusChangeNotice(claim, unit, 'diagnosis', 'authorization_pending'),
      );
    }
    return created!.id;
  });
  return getAuthorization(db, scope, id);
}
