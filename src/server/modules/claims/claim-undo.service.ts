import { desc, eq, sql } from 'drizzle-orm';
import {
  CANNOT_UNDO_MOVE_MESSAGE,
  UNDO_MOVE_NOTE,
  UNDO_MOVE_WINDOW_MS,
  type UndoMoveRequest,
} from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { isOpenStatus } from '@shared/workflows.js';
import { actorScope, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claimStatusHistory } from '../../db/schema/index.js';
import { loadClaimRow } from './claim-read.js';
import { moveClaim } from './claim-workflow.service.js';
import { canMoveClaim } from './claims.policy.js';

/**
 * `POST /api/vehicles/{id}/transitions/undo`: the caller's own last move of the claim, made less than
 * `UNDO_MOVE_WINDOW_MS` ago between two open statuses, is taken back by a move the other way (recorded, audited
 * and notified like any move). Refused with 409 when the claim changed since (`version`), the last move was
 * someone else's, an undo, too old, or took the claim off the board (those moves are confirmed in a dialog).
 */
export async function undoLastMove(db: Database, actor: Actor, id: string, { version }: UndoMoveRequest) {
  const scope = actorScope(actor);
  const row = await loadClaimRow(db, scope, id);
  const { claim } = row;
  if (!canMoveClaim(actor, claim)) throw new AppError('forbidden', 'You do not have permission to do this');
  if (claim.version !== version) throw new AppError('conflict', CANNOT_UNDO_MOVE_MESSAGE);
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select({
        fromStatus: claimStatusHistory.fromStatus,
        toStatus: claimStatusHistory.toStatus,
        actorId: claimStatusHistory.actorId,
        note: claimStatusHistory.note,
        recent: sql<boolean>`${claimStatusHistory.createdAt} > now() - make_interval(secs => ${UNDO_MOVE_WINDOW_MS / 1000})`,
      })
      .from(claimStatusHistory)
      .where(eq(claimStatusHistory.claimId, claim.id))
      .orderBy(desc(claimStatusHistory.createdAt), desc(claimStatusHistory.seq))
      .limit(1);
    const undoable =
      last?.fromStatus &&
      last.toStatus === claim.status &&
      last.actorId === actorUserId(actor) &&
      last.recent &&
      last.note !== UNDO_MOVE_NOTE &&
      isOpenStatus(last.fromStatus) &&
      isOpenStatus(last.toStatus);
    if (!undoable) throw new AppError('conflict', CANNOT_UNDO_MOVE_MESSAGE);
    // Back on hold, the claim again remembers the status it was held in: the one it had been released to.
    const statusBeforeHold = last.fromStatus === 'on_hold' ? last.toStatus : null;
    await moveClaim(
      tx,
      actor,
      claim,
      row.vehicle.unitNumber,
      { to: last.fromStatus!, note: UNDO_MOVE_NOTE },
      { undoing: { statusBeforeHold } },
    );
  });
  return loadClaimRow(db, scope, id);
}
