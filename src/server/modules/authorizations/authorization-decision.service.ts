import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AUTHORIZATION_STATUS_LABELS,
  sumAuthorizationLines,
  type Authorization,
  type AuthorizationDecision,
  type AuthorizationStatus,
} from '@shared/authorizations.js';
import { awaitsDecision } from '@shared/authorizations.policy.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { formatCents } from '@shared/money.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import { actorScope, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { authorizationLines, authorizationRequests, claims, vehicles } from '../../db/schema/index.js';
import { canAuthorizeClaim, claimFollowers, moveClaim } from '../claims/index.js';
import { notify } from '../notifications/index.js';
import { recordAuthorizationDecided } from './authorization-decided.js';
import { getAuthorization } from './authorization-read.js';
import { displayName, lockClaimForMove } from './authorizations.service.js';

const alreadyDecided = (status: AuthorizationStatus) =>
  new AppError(
    'conflict',
    status === 'withdrawn'
      ? 'This request was withdrawn when the claim was cancelled: there is nothing left to decide.'
      : `This request was already decided (${AUTHORIZATION_STATUS_LABELS[status].toLowerCase()}). The page now shows the decision.`,
  );

/** What a decision approves: every line, the chosen ones, or (declined) none. */
function outcome(before: Authorization, decision: AuthorizationDecision) {
  if (decision.action === 'decline') {
    return { status: 'declined' as const, approvedIds: new Set<string>(), approvedAmount: 0 };
  }
  const known = new Set(before.lines.map((line) => line.id));
  const chosen = new Set(decision.lineIds ?? known);
  if ([...chosen].some((id) => !known.has(id))) {
    const message = 'Choose lines of this request';
    throw new AppError('validation', message, { fieldErrors: { lineIds: [message] } });
  }
  return {
    status: chosen.size === known.size ? ('approved' as const) : ('partially_approved' as const),
    approvedIds: chosen,
    approvedAmount: sumAuthorizationLines(before.lines, chosen),
  };
}

/**
 * Decides a pending request: approves all of it, some lines (partially approved, for the amount of those
 * lines) or none (declined, with a reason). The claim moves with it — to Authorized with the approved
 * amount, or to Authorization declined — and the requester, the assignee and the watchers are told.
 * A request already decided, or a claim no longer awaiting authorization, is refused with 409.
 */
export async function decideAuthorization(
  db: Database,
  actor: UserActor,
  id: string,
  decision: AuthorizationDecision,
): Promise<Authorization> {
  const scope = actorScope(actor);
  const user = actor.user;
  const before = await getAuthorization(db, scope, id);
  const [owner] = await db
    .select({ companyId: claims.companyId })
    .from(claims)
    .where(eq(claims.id, before.claimId));
  if (!canAuthorizeClaim(actor, owner!))
    throw new AppError('forbidden', 'You do not have permission to do this');
  if (!awaitsDecision(before)) throw alreadyDecided(before.status);
  const { status, approvedIds, approvedAmount } = outcome(before, decision);
  const note = decision.note?.trim() || null;

  await db.transaction(async (tx) => {
    // The claim first, then the request: the same order as creating one, so two calls never deadlock.
    const claim = await lockClaimForMove(tx, before.claimId);
    const [current] = await tx
      .select({ status: authorizationRequests.status })
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, id))
      .for('update');
    if (!awaitsDecision(current!)) throw alreadyDecided(current!.status);
    if (claim.status !== 'authorization_pending') {
      throw new AppError(
        'conflict',
        `The claim is ${STATUS_LABELS[claim.status]}, not ${STATUS_LABELS.authorization_pending}: the request can be decided once it is back there.`,
      );
    }
    await tx
      .update(authorizationRequests)
      .set({
        status,
        approvedAmountCents: approvedAmount,
        decidedById: user.id,
        decidedAt: sql`now()`,
        decisionNote: note,
      })
      .where(and(eq(authorizationRequests.id, id), eq(authorizationRequests.status, 'pending')));
    await tx
      .update(authorizationLines)
      .set({ approved: sql`${inArray(authorizationLines.id, [...approvedIds])}` })
      .where(eq(authorizationLines.authorizationId, id));
    const [vehicle] = await tx
      .select({ unitNumber: vehicles.unitNumber })
      .from(claims)
      .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
      .where(eq(claims.id, claim.id));
    const summary =
      status === 'declined'
        ? `Authorization declined: ${note}`
        : `Authorization ${status === 'approved' ? 'approved' : 'partially approved'}: ${formatCents(approvedAmount)} of ${formatCents(before.requestedAmountCents)}${note ? ` — ${note}` : ''}`;
    await moveClaim(
      tx,
      actor,
      claim,
      vehicle!.unitNumber,
      { to: status === 'declined' ? 'declined' : 'authorized', note: summary },
      {
        notifyFollowers: false,
        ...(status === 'declined' ? {} : { set: { approvedAmountCents: approvedAmount } }),
      },
    );
    await recordAuthorizationDecided(
      tx,
      actor,
      { id, claimId: claim.id, companyId: owner!.companyId },
      {
        before: { status: 'pending', requestedAmountCents: before.requestedAmountCents },
        after: { status, approvedAmountCents: approvedAmount, approvedLineIds: [...approvedIds], note },
      },
    );
    const recipients = [before.requestedBy?.id, ...(await claimFollowers(tx, claim))].filter(
      (userId): userId is string => !!userId && userId !== user.id,
    );
    const claimNumber = formatClaimNumber(claim.number);
    const by = displayName(user);
    await notify(tx, actor, recipients, {
      type: 'authorization_decision',
      relatedVehicleId: claim.id,
      ...(status === 'declined'
        ? {
            title: `${claimNumber} authorization declined`,
            message: `${vehicle!.unitNumber}: declined by ${by} — ${note}`,
          }
        : status === 'approved'
          ? {
              title: `${claimNumber} authorization approved: ${formatCents(approvedAmount)}`,
              message: `${vehicle!.unitNumber}: all work approved by ${by}${note ? ` — ${note}` : ''}`,
            }
          : {
              title: `${claimNumber} authorization partially approved: ${formatCents(approvedAmount)} of ${formatCents(before.requestedAmountCents)}`,
              message: `${vehicle!.unitNumber}: ${approvedIds.size} of ${before.lines.length} lines approved by ${by}${note ? ` — ${note}` : ''}`,
            }),
    });
  });
  return getAuthorization(db, scope, id);
}
