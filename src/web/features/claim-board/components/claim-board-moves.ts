import { useEffect, useMemo, useRef } from 'react';
import { useMutationState } from '@tanstack/react-query';
import type { ClaimBoard } from '@shared/claim-board';
import { MOVE_BOARD_CARD_KEY, type MoveBoardCardInput } from '../api/move-board-card';

/** Cards whose move is on its way to the server. */
export function useMovingIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: MOVE_BOARD_CARD_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as MoveBoardCardInput | undefined)?.card.id,
  });
  return useMemo(() => new Set(ids.filter((id): id is string => id !== undefined)), [ids]);
}

/**
 * A drag that ends over a card's own link would otherwise open the claim: the click that ends a mouse drag is
 * swallowed (dnd-kit stops its propagation, but not the link's default action).
 */
export function swallowNextClick() {
  const swallow = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  window.setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
}

/**
 * After a move from the keyboard or the card's menu, the card is re-created in another column and the focus
 * would be lost: it follows the card, to its link while the move is on its way, then to its drag handle, ready
 * for the next move. It is left alone if the user has meanwhile put it somewhere else.
 */
export function useFocusAfterMove(board: ClaimBoard | undefined) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const id = pending.current;
    if (!id) return;
    const focused = document.activeElement;
    const free = !focused || focused === document.body || focused.closest(`[data-card="${id}"]`) !== null;
    const handle = document.querySelector<HTMLElement>(`[data-card-handle="${id}"]`);
    if (!free) pending.current = null;
    else if (handle) {
      handle.focus();
      pending.current = null;
    } else document.querySelector<HTMLElement>(`[data-card-link="${id}"]`)?.focus();
  }, [board]);
  return (id: string) => {
    pending.current = id;
  };
}
