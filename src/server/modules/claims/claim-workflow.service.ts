import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { formatClaimNumber, type StatusHistoryEntry, type TransitionRequest } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { allowedTransitions, STATUS_LABELS } from '@shared/workflows.js';
import type { Database } from '../../db/client.js';
import { claims, claimStatusHistory, claimWatchers, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/audit.service.js';
import type { CompanyScope } from '../companies/company-scope.js';
import { notify } from '../notifications/notifications.service.js';
import { loadClaimRow, STALE_VERSION_MESSAGE } from './claims.service.js';

const label = (status: keyof typeof STATUS_LABELS) => STATUS_LABELS[status];

/**
 * Moves a claim along its workflow. Refused with 409 when the move is not in the workflow table (saying which
 * moves are allowed) or the version is stale. Records the history and notifies the assignee and watchers.
 */
export async function transitionClaim(
  db: Database,
  request: FastifyRequest,
  scope: CompanyScope,
  id: string,
  { to, note, version }: TransitionRequest,
) {
  const actor = request.auth!.user;
  const row = await loadClaimRow(db, scope, id);
  const { claim } = row;
  if (claim.version !== version) throw new AppError('conflict', STALE_VERSION_MESSAGE);
  const allowed = allowedTransitions(claim.workflow, claim.status, claim.statusBeforeHold);
  if (!allowed.includes(to)) {
    const options = allowed.length ? allowed.map(label).join(', ') : 'none';
    throw new AppError(
      'conflict',
      `A claim cannot move from ${label(claim.status)} to ${label(to)}. Allowed moves: ${options}.`,
    );
  }
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(claims)
      .set({
        status: to,
        statusBeforeHold: to === 'on_hold' ? claim.status : null,
        statusChangedAt: sql`now()`,
        ...(to === 'completed' ? { completedAt: sql`now()` } : {}),
        ...(to === 'closed' ? { closedAt: sql`now()` } : {}),
        version: sql`${claims.version} + 1`,
        updatedById: actor.id,
        updatedAt: sql`now()`,
      })
      .where(and(eq(claims.id, id), eq(claims.version, version)))
      .returning({ id: claims.id });
    if (!updated) throw new AppError('conflict', STALE_VERSION_MESSAGE);
    await tx.insert(claimStatusHistory).values({
      claimId: id,
      fromStatus: claim.status,
      toStatus: to,
      actorId: actor.id,
      impersonatorId: request.auth!.impersonator?.id ?? null,
      note: note || null,
    });
    await recordAudit(tx, request, {
      action: 'claim.moved',
      entityType: 'claim',
      entityId: id,
      before: { status: claim.status },
      after: { status: to, note: note || null },
    });
    const watchers = await tx
      .select({ userId: claimWatchers.userId })
      .from(claimWatchers)
      .where(eq(claimWatchers.claimId, id));
    const recipients = [claim.assigneeId, ...watchers.map((w) => w.userId)].filter(
      (userId): userId is string => !!userId && userId !== actor.id,
    );
    await notify(tx, recipients, {
      type: 'status_change',
      title: `${formatClaimNumber(claim.number)} is now ${label(to)}`,
      message: `${row.vehicle.unitNumber}: ${label(claim.status)} → ${label(to)}${note ? ` — ${note}` : ''}`,
      relatedVehicleId: id,
    });
  });
  return loadClaimRow(db, scope, id);
}

const actors = alias(users, 'actors');
const impersonators = alias(users, 'impersonators');
const nameOf = (table: typeof actors | typeof impersonators) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${table.username})`;

export async function statusHistory(db: Database, claimId: string): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .select({
      entry: claimStatusHistory,
      actorUsername: actors.username,
      actorName: nameOf(actors),
      impersonatorUsername: impersonators.username,
      impersonatorName: nameOf(impersonators),
    })
    .from(claimStatusHistory)
    .leftJoin(actors, eq(actors.id, claimStatusHistory.actorId))
    .leftJoin(impersonators, eq(impersonators.id, claimStatusHistory.impersonatorId))
    .where(eq(claimStatusHistory.claimId, claimId))
    .orderBy(asc(claimStatusHistory.createdAt));
  return rows.map(({ entry, ...people }) => ({
    id: entry.id,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    actor:
      entry.actorId && people.actorUsername
        ? { id: entry.actorId, username: people.actorUsername, name: people.actorName }
        : null,
    impersonator:
      entry.impersonatorId && people.impersonatorUsername
        ? { id: entry.impersonatorId, username: people.impersonatorUsername, name: people.impersonatorName }
        : null,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
  }));
}
