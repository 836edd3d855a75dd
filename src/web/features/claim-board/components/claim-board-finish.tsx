import { useDroppable } from '@dnd-kit/core';
import type { ClaimBoardCard } from '@shared/claim-board';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { cn } from '../../../lib/utils';
import { finishingMoves, finishTarget } from './claim-board-dnd';
import { ENDING_MOVES } from '../../claims';

function FinishZone({ status }: { status: ClaimStatus }) {
  const { setNodeRef, isOver } = useDroppable({ id: finishTarget(status) });
  const ending = ENDING_MOVES.includes(status);
  return (
    <div
      ref={setNodeRef}
      data-finish={status}
      className={cn(
        'flex min-h-14 min-w-36 flex-1 items-center justify-center rounded-lg border-2 border-dashed px-4 text-sm font-medium',
        ending ? 'border-destructive/50 text-destructive' : 'border-success/50 text-success',
        isOver && (ending ? 'bg-destructive/10 border-destructive' : 'bg-success/10 border-success'),
      )}
    >
      {STATUS_LABELS[status]}
    </div>
  );
}

/**
 * While a card is dragged (by pointer or keyboard), the moves that end its time on the board wait at the bottom
 * of the screen; a drop there asks first (FinishMoveDialog).
 */
export function FinishZones({ card }: { card: ClaimBoardCard }) {
  const moves = finishingMoves(card);
  if (moves.length === 0) return null;
  return (
    <div className="bg-background/95 fixed inset-x-0 bottom-0 z-40 border-t p-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-3">
        <p className="text-muted-foreground w-full text-xs sm:w-auto">Drop to take it off the board:</p>
        {moves.map((status) => (
          <FinishZone key={status} status={status} />
        ))}
      </div>
    </div>
  );
}
