import { useDroppable } from '@dnd-kit/core';
import type { ClaimBoardCard } from '@shared/claim-board';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormDialog } from '../../../components/form-dialog';
import { cn } from '../../../lib/utils';
import { finishingMoves, finishTarget } from './claim-board-dnd';
import { ENDING_MOVES, useMoveDetails, type MoveDetails } from '../../claims';

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

/** What the confirmation adds to the move: the note, and the final cost when completing. */
export type FinishDetails = MoveDetails;

function FinishForm({
  card,
  to,
  onConfirm,
}: {
  card: ClaimBoardCard;
  to: ClaimStatus;
  onConfirm: (details: FinishDetails) => void;
}) {
  // Completing asks for the final cost, prefilled as the claim page's move does (decision 038).
  const { fields, details } = useMoveDetails(to, card.finalCostPrefillCents, 'finish-note');
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const moveDetails = details();
        if (moveDetails) onConfirm(moveDetails);
      }}
    >
      {fields}
      <FormDialogFooter
        pending={false}
        variant={ENDING_MOVES.includes(to) ? 'destructive' : 'default'}
        submitLabel={`Move to ${STATUS_LABELS[to]}`}
      />
    </form>
  );
}

/**
 * Confirms a move that takes a claim off the board, with an optional note for the history; completing also
 * asks the final cost.
 */
export function FinishMoveDialog({
  move,
  onOpenChange,
  onConfirm,
}: {
  /** The card and where it goes; the dialog is open while there is one. */
  move: { card: ClaimBoardCard; to: ClaimStatus } | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (details: FinishDetails) => void;
}) {
  return (
    <FormDialog
      open={move !== null}
      onOpenChange={onOpenChange}
      className=""
      title={move ? `Move to ${STATUS_LABELS[move.to]}?` : 'Move the claim'}
      description={
        move
          ? `${move.card.claimNumber} goes from ${STATUS_LABELS[move.card.status]} to ${STATUS_LABELS[move.to]} and leaves the board. The assignee and everyone watching the claim are notified.`
          : null
      }
    >
      {move && (
        <FinishForm key={`${move.card.id}:${move.to}`} card={move.card} to={move.to} onConfirm={onConfirm} />
      )}
    </FormDialog>
  );
}
