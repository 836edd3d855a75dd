import {
  pointerWithin,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { ClaimBoardCard } from '@shared/claim-board';
import { isOpenStatus, STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { orderedMoves } from '../../claims';

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

/** Moves of `card` that take the claim off the board (completed, total loss, cancelled), as its menu orders them. */
export function finishingMoves(card: ClaimBoardCard): ClaimStatus[] {
  return orderedMoves(card.workflow, card.allowedTransitions)
    .map(({ to }) => to)
    .filter((status) => !isOpenStatus(status));
}

/**
 * Where the keyboard can take `card`, in the order ← and → step through them: the board's columns from left to
 * right, keeping the card's own and those it may go to, then the drop zones that take it off the board, in the
 * order they are shown.
 */
export function keyboardTargets(card: ClaimBoardCard, columns: readonly ClaimStatus[]): string[] {
  const open = columns.filter((status) => status === card.status || card.allowedTransitions.includes(status));
  return [...open.map(columnTarget), ...finishingMoves(card).map(finishTarget)];
}

/**
 * A card carried by the keyboard: ← and → step it to the previous or next of its targets (`keyboardTargets`),
 * one press one target, and it is over the target it stepped to, wherever the card is drawn while the board
 * scrolls (geometry would skip targets or land between them, and the bar of finishing moves is fixed at the
 * bottom of the screen). A pointer drops where it points.
 */
export function keyboardMove() {
  let targets: readonly UniqueIdentifier[] = [];
  let index = -1;

  const collisionDetection: CollisionDetection = (args) => {
    if (args.pointerCoordinates) return pointerWithin(args);
    const id = targets[index];
    const container = args.droppableContainers.find((candidate) => candidate.id === id);
    return container ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : [];
  };

  const coordinateGetter: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
    const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    // ↑ and ↓ do nothing: columns are side by side.
    if (!direction) return undefined;
    event.preventDefault();
    const next = index + direction;
    if (index < 0 || next < 0 || next >= targets.length) return undefined;
    index = next;
    // The card is drawn over its new target when it has been measured; it is over it either way.
    const rect = context.droppableRects.get(targets[index]!);
    const card = context.collisionRect;
    if (!rect || !card) return currentCoordinates;
    const column = String(targets[index]).startsWith('column:');
    return {
      x: rect.left + (rect.width - card.width) / 2,
      y: column
        ? Math.min(Math.max(currentCoordinates.y, rect.top), Math.max(rect.top, rect.bottom - card.height))
        : rect.top + (rect.height - card.height) / 2,
    };
  };

  return {
    /** The card is picked up from the keyboard: it starts over `from`, its own column. */
    start(ids: readonly UniqueIdentifier[], from: UniqueIdentifier) {
      targets = ids;
      index = ids.indexOf(from);
    },
    stop() {
      targets = [];
      index = -1;
    },
    collisionDetection,
    coordinateGetter,
  };
}

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this claim, press Space or Enter, step through the statuses it can move to with the Left and Right arrow keys, then press Space or Enter to drop it there, or Escape to cancel. The Move to menu on the card offers the same moves.',
};

const label = (status: ClaimStatus) => STATUS_LABELS[status];

/** "A", "A and B", "A, B and C". */
function list(items: readonly string[]) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Where ← and → can take a card just picked up, nearest first. */
function movesFrom(card: ClaimBoardCard, columns: readonly ClaimStatus[]) {
  const targets = keyboardTargets(card, columns).map((id) => targetStatus(id)!);
  const own = targets.indexOf(card.status);
  const right = targets.slice(own + 1).map(label);
  const left = targets.slice(0, Math.max(own, 0)).reverse().map(label);
  if (!right.length && !left.length) return 'It has nowhere to move to.';
  const ways = [right.length ? `right to ${list(right)}` : '', left.length ? `left to ${list(left)}` : ''];
  return `It can move ${ways.filter(Boolean).join(', and ')}.`;
}

/**
 * What a screen reader hears while a card is moved (dnd-kit reads these in a live region). A drop only requests
 * the move: the board says whether it was made once the server has answered.
 */
export function boardAnnouncements(
  cardOf: (id: UniqueIdentifier) => ClaimBoardCard | undefined,
  columns: readonly ClaimStatus[],
): Announcements {
  // A card picked up is over its own column at once: saying so would cut off what can be done with it.
  let leftItsColumn = false;
  return {
    onDragStart({ active }) {
      leftItsColumn = false;
      const card = cardOf(active.id);
      if (!card) return undefined;
      return `Picked up ${card.claimNumber} in ${label(card.status)}. ${movesFrom(card, columns)}`;
    },
    onDragOver({ active, over }) {
      const card = cardOf(active.id);
      if (!card) return undefined;
      const to = targetStatus(over?.id);
      if (to === card.status)
        return leftItsColumn ? `${card.claimNumber} is back in ${label(to)}.` : undefined;
      leftItsColumn = true;
      if (!to) return `${card.claimNumber} is not over a status it can move to.`;
      if (!isOpenStatus(to))
        return `${card.claimNumber} is over ${label(to)}: dropping it there takes the claim off the board.`;
      return `${card.claimNumber} is over ${label(to)}.`;
    },
    onDragEnd({ active, over }) {
      const card = cardOf(active.id);
      if (!card) return undefined;
      const to = dropResult(card, over?.id);
      if (!to) return `${card.claimNumber} was not moved; it stays in ${label(card.status)}.`;
      if (!isOpenStatus(to)) return `Confirm moving ${card.claimNumber} to ${label(to)}.`;
      return `Moving ${card.claimNumber} to ${label(to)}…`;
    },
    onDragCancel({ active }) {
      const card = cardOf(active.id);
      if (!card) return undefined;
      return `Moving ${card.claimNumber} was cancelled; it stays in ${label(card.status)}.`;
    },
  };
}
