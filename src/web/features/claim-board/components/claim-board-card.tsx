import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { EllipsisVerticalIcon, GripVerticalIcon, Loader2Icon } from 'lucide-react';
import type { ClaimBoardCard } from '@shared/claim-board';
import type { ClaimStatus } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { CardFace, type CardFaceProps } from './claim-board-card-face';

// The "Move to" menu (Radix's menu) loads when a card's button is first pointed at, focused or pressed, not
// with the board (issue 30); until then the button is a stand-in that opens the menu once it is there.
const loadMoveMenu = () => import('./move-menu');
const LoadedMoveMenu = lazy(() => loadMoveMenu().then((m) => ({ default: m.MoveMenu })));

function MoveMenu(props: { card: ClaimBoardCard; className: string; onMove: (to: ClaimStatus) => void }) {
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <Button
      variant="ghost"
      size="icon"
      className={props.className}
      aria-label={`Move ${props.card.claimNumber} to…`}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMoveMenu()}
      onFocus={() => void loadMoveMenu()}
      // Where Radix's trigger opens its menu: a press of the main button, Enter, Space or the down arrow.
      onPointerDown={(event) => event.button === 0 && setPressed(true)}
      onKeyDown={(event) => ['Enter', ' ', 'ArrowDown'].includes(event.key) && setPressed(true)}
    >
      <EllipsisVerticalIcon aria-hidden="true" />
    </Button>
  );
  if (!pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LoadedMoveMenu {...props} defaultOpen />
    </Suspense>
  );
}

/**
 * A card on the board. For those who may move claims it can be dragged by any part (the mouse, or a long
 * press on a touch screen), picked up from the keyboard by its handle, or moved with its "Move to" menu.
 * A card whose move is on its way to the server waits, without handle or menu.
 */
export function BoardCard({
  card,
  staleAfterDays,
  now,
  canMove,
  moving,
  compact,
  onMove,
}: {
  card: ClaimBoardCard;
  staleAfterDays: number;
  now: number;
  canMove: boolean;
  moving: boolean;
  compact: boolean;
  onMove: (card: ClaimBoardCard, to: ClaimStatus) => void;
}) {
  // 24 px in compact columns: the smallest target WCAG 2.2 allows, so two fit beside the days in status.
  const button = compact ? 'size-6' : 'size-7';
  const movable = canMove && !moving && card.allowedTransitions.length > 0;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: card.id,
    disabled: !movable,
  });

  let actions: ReactNode = null;
  if (moving) {
    actions = (
      <span className={cn('text-muted-foreground flex items-center justify-center', button)} role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        <span className="sr-only">Moving {card.claimNumber}</span>
      </span>
    );
  } else if (movable) {
    actions = (
      <>
        <MoveMenu card={card} className={button} onMove={(to) => onMove(card, to)} />
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          data-card-handle={card.id}
          aria-label={`Drag ${card.claimNumber}`}
          className={cn(
            'text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-ring/50 flex cursor-grab items-center justify-center rounded-md outline-none focus-visible:ring-[3px] active:cursor-grabbing',
            button,
          )}
        >
          <GripVerticalIcon className="size-4" aria-hidden="true" />
        </button>
      </>
    );
  }

  return (
    <li
      ref={setNodeRef}
      {...listeners}
      data-card={card.id}
      className={cn('touch-manipulation', movable && 'cursor-grab', isDragging && 'opacity-40')}
    >
      <CardFace card={card} staleAfterDays={staleAfterDays} now={now} actions={actions} compact={compact} />
    </li>
  );
}

/** The card following the pointer while it is dragged. */
export function DraggedCard({
  card,
  staleAfterDays,
  now,
  compact,
}: Omit<CardFaceProps, 'actions' | 'linked' | 'className'>) {
  return (
    <CardFace
      card={card}
      linked={false}
      staleAfterDays={staleAfterDays}
      now={now}
      compact={compact}
      className={cn('max-w-[85vw] rotate-1 cursor-grabbing shadow-lg', compact ? 'w-32' : 'w-72')}
    />
  );
}

export function BoardCardSkeleton({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <li className="bg-card grid gap-1.5 rounded-lg border p-1.5">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
      </li>
    );
  }
  return (
    <li className="bg-card grid gap-2 rounded-lg border p-3">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-3 w-32" />
      <div className="flex justify-between">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-3 w-8" />
      </div>
    </li>
  );
}
