import {
  pointerWithin,
  rectIntersection,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { ClaimBoardCard } from '@shared/claim-board';
import { isOpenStatus, STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

/** Drop targets are columns (`column:in_repair`) and, for moves that take a claim off the board, `finish:…`. */
export const columnTarget = (status: ClaimStatus) => `column:${status}`;
export const finishTarget = (status: ClaimStatus) => `finish:${status}`;

export function targetStatus(id: UniqueIdentifier | undefined | null): ClaimStatus | null {
  if (typeof id !== 'string') return null;
  const [, status] = id.split(':');
  return (status as ClaimStatus | undefined) ?? null;
}

/** What dropping `card` on the target `id` does: nothing (its own column or no target), or a move. */
export function dropResult(card: ClaimBoardCard, id: UniqueIdentifier | undefined | null) {
  const to = targetStatus(id);
  if (!to || to === card.status) return null;
  return card.allowedTransitions.includes(to) ? to : null;
}

const isColumn = (id: UniqueIdentifier) => String(id).startsWith('column:');

/**
 * A pointer drops where it points; the keyboard (no pointer) on the column where the card mostly lies. The
 * keyboard moves between columns only, so the bar of moves that take a claim off the board, which may lie over
 * the card, is left out for it (those moves are in the card's menu).
 */
export const boardCollisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates
    ? pointerWithin(args)
    : rectIntersection({
        ...args,
        droppableContainers: args.droppableContainers.filter((container) => isColumn(container.id)),
      });

/**
 * ← and → jump the card to the middle of the next column it may be dropped on (disabled columns are not
 * offered), instead of dnd-kit's default 25-pixel steps. ↑ and ↓ do nothing: columns are side by side.
 */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();
  const center = collisionRect.left + collisionRect.width / 2;
  const next = droppableContainers
    .getEnabled()
    .filter((container) => isColumn(container.id))
    .map((container) => droppableRects.get(container.id))
    .filter((rect) => rect !== undefined)
    .map((rect) => ({ rect, middle: rect.left + rect.width / 2 }))
    .filter(({ middle }) => (direction > 0 ? middle > center + 1 : middle < center - 1))
    .sort((a, b) => direction * (a.middle - b.middle))[0];
  if (!next) return currentCoordinates;
  return {
    x: next.rect.left + (next.rect.width - collisionRect.width) / 2,
    y: Math.max(currentCoordinates.y, next.rect.top),
  };
};

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this claim, press Space or Enter, choose a column with the Left and Right arrow keys, then press Space or Enter to drop it there, or Escape to cancel. The Move to menu on the card offers the same moves.',
};

const label = (status: ClaimStatus) => STATUS_LABELS[status];

/** What a screen reader hears while a card is moved (dnd-kit reads these in a live region). */
export function boardAnnouncements(
  cardOf: (id: UniqueIdentifier) => ClaimBoardCard | undefined,
): Announcements {
  // A card picked up is over its own column at once: saying so would cut off what can be done with it.
  let leftItsColumn = false;
  return {
    onDragStart({ active }) {
      leftItsColumn = false;
      const card = cardOf(active.id);
      if (!card) return undefined;
      const moves = card.allowedTransitions.filter(isOpenStatus).map(label);
      return `Picked up ${card.claimNumber} in ${label(card.status)}. ${
        moves.length ? `It can move to ${moves.join(', ')}.` : 'It has no column to move to.'
      }`;
    },
    onDragOver({ active, over }) {
      const card = cardOf(active.id);
      if (!card) return undefined;
      const to = targetStatus(over?.id);
      if (to === card.status)
        return leftItsColumn ? `${card.claimNumber} is back in ${label(to)}.` : undefined;
      leftItsColumn = true;
      if (!to) return `${card.claimNumber} is not over a column it can move to.`;
      return `${card.claimNumber} is over ${label(to)}.`;
    },
    onDragEnd({ active, over }) {
      const card = cardOf(active.id);
      if (!card) return undefined;
      const to = dropResult(card, over?.id);
      if (!to) return `${card.claimNumber} was not moved; it stays in ${label(card.status)}.`;
      if (!isOpenStatus(to)) return `Confirm moving ${card.claimNumber} to ${label(to)}.`;
      return `${card.claimNumber} moved to ${label(to)}.`;
    },
    onDragCancel({ active }) {
      const card = cardOf(active.id);
      if (!card) return undefined;
      return `Moving ${card.claimNumber} was cancelled; it stays in ${label(card.status)}.`;
    },
  };
}
