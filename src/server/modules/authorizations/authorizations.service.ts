import { and, asc, desc, eq, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { actorScope, type UserActor, type CompanyScope } from '../../actor.js';
import type { UserRole } from '@shared/auth.js';
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
import { roleHasPermission } from '@shared/permissions.js';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows.js';
import type { Database } from '../../db/client.js';
import {
  authorizationLines,
  authorizationRequests,
  claims,
  companies,
  userCompanies,
  users,
} from '../../db/schema/index.js';
import { recordAudit } from '../audit/audit.service.js';
import { person } from '../claims/claim.presenter.js';
import { personName, type ClaimRow } from '../claims/claim-queries.js';
import {
  claimFollowers,
  moveClaim,
  statusChangeNotice,
  type MovableClaim,
} from '../claims/claim-workflow.service.js';
import { loadClaimRow } from '../claims/claim-read.js';
import { assertInScope } from '../companies/company-scope.js';
import { queueMail } from '../mail/mail.service.js';
import { notify } from '../notifications/notifications.service.js';

export const AUTHORIZATION_NOT_FOUND = 'Authorization request not found';

const requesters = alias(users, 'authorization_requesters');
const deciders = alias(users, 'authorization_deciders');

type LineRow = typeof authorizationLines.$inferSelect;

/** Requests matching `where`, with their people and all their lines: two queries however many. */
async function selectAuthorizations(db: Database, where: SQL): Promise<Authorization[]> {
  const rows = await db
    .select({
      request: authorizationRequests,
      requesterUsername: requesters.username,
      requesterName: personName(requesters),
      deciderUsername: deciders.username,
      deciderName: personName(deciders),
    })
    .from(authorizationRequests)
    .leftJoin(requesters, eq(requesters.id, authorizationRequests.requestedById))
    .leftJoin(deciders, eq(deciders.id, authorizationRequests.decidedById))
    .where(where)
    .orderBy(desc(authorizationRequests.sequence));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(authorizationLines)
    .where(
      inArray(
        authorizationLines.authorizationId,
        rows.map((row) => row.request.id),
      ),
    )
    .orderBy(asc(authorizationLines.authorizationId), asc(authorizationLines.position));
  const linesByRequest = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = linesByRequest.get(line.authorizationId);
    if (list) list.push(line);
    else linesByRequest.set(line.authorizationId, [line]);
  }
  return rows.map(({ request, ...people }) => ({
    id: request.id,
    claimId: request.claimId,
    sequence: request.sequence,
    status: request.status,
    requestedAmountCents: request.requestedAmountCents,
    approvedAmountCents: request.approvedAmountCents,
    note: request.note,
    requestedBy: person(request.requestedById, people.requesterUsername, people.requesterName),
    createdAt: request.createdAt.toISOString(),
    decidedBy: person(request.decidedById, people.deciderUsername, people.deciderName),
    decidedAutomatically: request.decidedAutomatically,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionNote: request.decisionNote,
    lines: (linesByRequest.get(request.id) ?? []).map((line) => ({
      id: line.id,
      position: line.position,
      description: line.description,
      amountCents: line.amountCents,
      approved: line.approved,
    })),
  }));
}

/** A claim's authorization requests with their lines, newest first (two queries). */
export function listClaimAuthorizations(db: Database, claimId: string): Promise<Authorization[]> {
  return selectAuthorizations(db, eq(authorizationRequests.claimId, claimId));
}

/** One request, if the caller's scope covers its claim (else 404, as for an unknown id). */
export async function getAuthorization(
  db: Database,
  scope: CompanyScope,
  id: string,
): Promise<Authorization> {
  const [owner] = await db
    .select({ companyId: claims.companyId })
    .from(authorizationRequests)
    .innerJoin(claims, eq(claims.id, authorizationRequests.claimId))
    .where(eq(authorizationRequests.id, id));
  if (!owner) throw new AppError('not_found', AUTHORIZATION_NOT_FOUND);
  assertInScope(scope, owner.companyId, AUTHORIZATION_NOT_FOUND);
  const [authorization] = await selectAuthorizations(db, eq(authorizationRequests.id, id));
  return authorization!;
}

export async function companyAutoApprovalLimit(db: Database, companyId: string): Promise<number | null> {
  const [company] = await db
    .select({ limit: companies.autoApprovalLimitCents })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.limit ?? null;
}

/** Locks a claim's row for the rest of the transaction and answers what a move needs. */
export async function lockClaimForMove(tx: Database, claimId: string): Promise<MovableClaim> {
  const [claim] = await tx
    .select({
      id: claims.id,
      number: claims.number,
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

const DECIDING_ROLES = (['admin', 'manager', 'viewer'] as const satisfies readonly UserRole[]).filter(
  (role) => roleHasPermission(role, 'claims.authorize'),
);

/**
 * Who is asked to decide: the active users linked to the claim's company whose role may authorize; when the
 * company has none, the active admins (someone must hear of it).
 */
async function decidersFor(db: Database, companyId: string) {
  const linked = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        inArray(users.role, DECIDING_ROLES),
        or(
          eq(users.role, 'admin'),
          inArray(
            users.id,
            db
              .select({ id: userCompanies.userId })
              .from(userCompanies)
              .where(eq(userCompanies.companyId, companyId)),
          ),
        ),
      ),
    );
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

/** A request may be made while the claim is in diagnosis (it moves on) or already awaits authorization. */
const REQUESTABLE: readonly ClaimStatus[] = ['diagnosis', 'authorization_pending'];

/**
 * Asks to authorize mechanical work. The claim moves from diagnosis to "Authorization requested" and the
 * company's deciders are notified (and mailed). At or under the company's auto-approval limit, the request is
 * approved at once and the claim moves on to "Authorized", saying so.
 */
export async function createAuthorization(
  db: Database,
  actor: UserActor,
  claimId: string,
  input: AuthorizationRequestValues,
  appUrl: string,
): Promise<Authorization> {
  const scope = actorScope(actor);
  const requester = actor.user;
  const row = await loadClaimRow(db, scope, claimId);
  if (row.claim.workflow !== 'mechanical') {
    throw new AppError('conflict', 'Authorizations are for mechanical claims');
  }
  const amount = sumAuthorizationLines(input.lines);
  const limit = await companyAutoApprovalLimit(db, row.claim.companyId);
  const automatic = withinAutoApprovalLimit(amount, limit);
  const claimNumber = formatClaimNumber(row.claim.number);
  const unit = row.vehicle.unitNumber;

  const id = await db.transaction(async (tx) => {
    let claim = await lockClaimForMove(tx, claimId);
    if (!REQUESTABLE.includes(claim.status)) {
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
    if (sequence > AUTHORIZATIONS_PER_CLAIM_MAX) {
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
      await recordAudit(tx, actor, {
        action: 'authorization.decided',
        entityType: 'authorization',
        entityId: created!.id,
        actorId: null,
        before: { status: 'pending' },
        after: { status: 'approved', approvedAmountCents: amount, automatic: true, note },
      });
      await notify(tx, followers, {
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
    await notify(tx, [...askedIds], {
      type: 'authorization_request',
      title: `Authorization requested on ${claimNumber}: ${formatCents(amount)}`,
      message: `${unit} · ${displayName(requester)} asks to authorize ${input.lines.length === 1 ? '1 line' : `${input.lines.length} lines`} of work.`,
      relatedVehicleId: claimId,
    });
    if (moved) {
      await notify(
        tx,
        followers.filter((userId) => !askedIds.has(userId)),
        statusChangeNotice(claim, unit, 'diagnosis', 'authorization_pending'),
      );
    }
    for (const user of askedToDecide) {
      if (!user.email) continue;
      await queueMail(tx, {
        to: user.email,
        template: 'authorization_requested',
        values: {
          requestedBy: displayName(requester),
          amount: formatCents(amount),
          claimNumber,
          vehicle: vehicleLine(row),
          claimUrl: `${appUrl}/vehicles/${claimId}`,
        },
      });
    }
    return created!.id;
  });
  return getAuthorization(db, scope, id);
}
