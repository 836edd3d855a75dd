import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimBoard } from '@shared/claim-board';
import type { ClaimStatus } from '@shared/workflows';

import { toast } from '../../../hooks/use-toast';
import { withMoreCards } from './claim-board-cache';
import { claimBoardQueryKey, getClaimBoard, type ClaimBoardFilter } from './get-claim-board';

/** A column's next cards (`GET /api/claim-board?status=…&cursor=…`), appended to the board on screen. */
export function useLoadMoreBoardCards(filter: ClaimBoardFilter) {
  const client = useQueryClient();
  return useMutation<ClaimBoard, Error, { status: ClaimStatus; cursor: string }>({
    mutationFn: (column) => getClaimBoard(filter, column),
    onSuccess: (answer) => {
      const page = answer.columns[0];
      if (!page) return;
      client.setQueryData<ClaimBoard>(
        claimBoardQueryKey(filter),
        (board) => board && withMoreCards(board, page),
      );
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not load more claims', description: error.message }),
  });
}
