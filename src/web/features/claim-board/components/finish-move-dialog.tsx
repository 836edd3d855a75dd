import type { ClaimBoardCard } from '@shared/claim-board';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { FormDialog } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { ENDING_MOVES, useMoveDetails, type MoveDetails } from '../../claims';

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
