import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimBoard, ClaimBoardCard } from '@shared/claim-board';
import type { Claim } from '@shared/claims';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { toast } from '../../../hooks/use-toast';
import { isConflict, refetchClaim, storeClaim, transitionClaim, undoClaimMove } from '../../claims';
import { cardFromClaim, placeCard } from './claim-board-cache';
import { claimBoardQueryKey, type ClaimBoardFilter } from './get-claim-board';

/**
 * `undo`: the move takes back the caller's last move of the card's claim (the board's Undo).
 * `finalAmountCents`: the final cost asked by the Completed move (decision 038).
 */
export type MoveBoardCardInput = {
  card: ClaimBoardCard;
  to: ClaimStatus;
  note?: string;
  finalAmountCents?: number;
  undo?: boolean;
};

/** Moves in flight carry this key, so cards being moved can be told apart (`useMutationState`). */
export const MOVE_BOARD_CARD_KEY = ['move-board-card'] as const;

/**
 * Moves a card's claim (`POST /api/vehicles/{id}/transitions` with the card's version). The card lands in its
 * new column at once; if the server refuses, it goes back with a toast saying why, and a 409 (the claim
 * changed meanwhile) reloads the board. The server's answer replaces the card (new version, new moves); the
 * board says what happened (`ClaimBoardView`).
 */
export function useMoveBoardCard(filter: ClaimBoardFilter) {
  const client = useQueryClient();
  const key = claimBoardQueryKey(filter);
  const update = (change: (board: ClaimBoard) => ClaimBoard) =>
    client.setQueryData<ClaimBoard>(key, (board) => board && change(board));

  return useMutation<Claim, Error, MoveBoardCardInput>({
    mutationKey: MOVE_BOARD_CARD_KEY,
    mutationFn: ({ card, to, note, finalAmountCents, undo }) =>
      undo
        ? undoClaimMove({ id: card.id, version: card.version })
        : transitionClaim({
            id: card.id,
            to,
            version: card.version,
            ...(note ? { note } : {}),
            ...(finalAmountCents !== undefined ? { finalAmountCents } : {}),
          }),
    onMutate: async ({ card, to }) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const now = new Date().toISOString();
      // Until the server answers, the card has no moves of its own: it cannot be moved twice at once.
      const moving = { ...card, status: to, statusChangedAt: now, updatedAt: now, allowedTransitions: [] };
      update((board) => placeCard(board, moving, Date.now()));
    },
    onError: (error, { card, to, undo }) => {
      update((board) => placeCard(board, card, Date.now()));
      const title = `${card.claimNumber} was not moved ${undo ? 'back ' : ''}to ${STATUS_LABELS[to]}`;
      if (isConflict(error)) {
        toast({
          variant: 'destructive',
          title,
          description: `${error.message} The board now shows the latest.`,
        });
        void client.invalidateQueries({ queryKey: key, exact: true });
        void refetchClaim(client, card.id);
      } else {
        toast({ variant: 'destructive', title, description: error.message });
      }
    },
    onSuccess: (claim, { card }) => {
      update((board) => placeCard(board, cardFromClaim(claim, card), Date.now()));
      storeClaim(client, claim, { keep: key });
    },
  });
}
