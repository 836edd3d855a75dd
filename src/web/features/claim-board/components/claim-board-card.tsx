import type { ReactNode } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { ClockIcon, EllipsisVerticalIcon, GripVerticalIcon, Loader2Icon } from 'lucide-react';
import { Link } from 'wouter';
import type { ClaimBoardCard } from '@shared/claim-board';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';
import { isStale } from '../api/claim-board-cache';
import { PriorityFlag, vehicleDescription, orderedMoves, PersonInitials } from '../../claims';

const HOUR_MS = 60 * 60 * 1000;

/** How long a claim has been in its status, short enough for a card: "< 1 h", "5 h", "4 d". */
export function ageInStatus(since: string, now: number): { short: string; long: string } {
  const hours = Math.max(0, Math.floor((now - Date.parse(since)) / HOUR_MS));
  if (hours < 1) return { short: '< 1 h', long: 'less than an hour' };
  if (hours < 24) return { short: `${hours} h`, long: hours === 1 ? '1 hour' : `${hours} hours` };
  const days = Math.floor(hours / 24);
  return { short: `${days} d`, long: days === 1 ? '1 day' : `${days} days` };
}

type CardFaceProps = {
  card: ClaimBoardCard;
  staleAfterDays: number;
  now: number;
  /** The drag handle and the "Move to" menu, for those who may move the claim. */
  actions?: ReactNode;
  /** False for the copy that follows the pointer: the card on the board keeps the link. */
  linked?: boolean;
  className?: string;
};

/** What a card shows: claim, vehicle, facility, assignee, priority, time in status; stale ones stand out. */
function CardFace({ card, staleAfterDays, now, actions, linked = true, className }: CardFaceProps) {
  const stale = isStale(card, staleAfterDays, now);
  const age = ageInStatus(card.statusChangedAt, now);
  const vehicle = vehicleDescription(card.vehicle);
  return (
    <article
      data-stale={stale || undefined}
      className={cn(
        'bg-card relative grid gap-1.5 rounded-lg border p-3 text-sm shadow-xs',
        'has-[a:focus-visible]:ring-ring/50 has-[a:focus-visible]:ring-[3px]',
        stale && 'border-amber-300 shadow-[inset_4px_0_0_var(--color-amber-400)]',
        className,
      )}
    >
      <div className="flex items-start gap-1.5">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
          {linked ? (
            <Link
              href={`/vehicles/${card.id}`}
              draggable={false}
              data-card-link={card.id}
              className="font-medium outline-none after:absolute after:inset-0 after:rounded-lg hover:underline"
            >
              {card.claimNumber}
            </Link>
          ) : (
            <span className="font-medium">{card.claimNumber}</span>
          )}
          <PriorityFlag priority={card.priority} />
        </div>
        {actions && <div className="relative z-10 -my-1 -mr-1.5 flex shrink-0 items-center">{actions}</div>}
      </div>
      <p className="truncate">
        <span className="font-medium">{card.vehicle.unitNumber}</span>
        {vehicle && <span className="text-muted-foreground"> · {vehicle}</span>}
      </p>
      <p className="text-muted-foreground truncate">{card.facilityName ?? 'No facility yet'}</p>
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="flex min-w-0 items-center gap-1.5">
          {card.assignee ? (
            <>
              <PersonInitials name={card.assignee.name} className="size-5 text-[10px]" />
              <span className="truncate">{card.assignee.name}</span>
            </>
          ) : (
            <span className="text-muted-foreground">Unassigned</span>
          )}
        </span>
        <span
          className={cn(
            'flex shrink-0 items-center gap-1 tabular-nums',
            stale ? 'font-medium text-amber-800' : 'text-muted-foreground',
          )}
          title={`${STATUS_LABELS[card.status]} since ${formatDateTime(card.statusChangedAt)}; last updated ${formatDateTime(card.updatedAt)}`}
        >
          <ClockIcon className="size-3" aria-hidden="true" />
          <span aria-hidden="true">{age.short}</span>
          <span className="sr-only">
            In {STATUS_LABELS[card.status].toLowerCase()} for {age.long}
            {stale ? `; stale, not updated for more than ${staleAfterDays} days` : ''}
          </span>
        </span>
      </div>
    </article>
  );
}

/** The moves the server allows, in the claim page's order; each is requested from the board. */
function MoveMenu({ card, onMove }: { card: ClaimBoardCard; onMove: (to: ClaimStatus) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${card.claimNumber} to…`}>
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-muted-foreground text-xs font-normal">Move to</DropdownMenuLabel>
        {orderedMoves(card.workflow, card.allowedTransitions).map(({ to, ending }) => (
          <DropdownMenuItem key={to} variant={ending ? 'destructive' : 'default'} onSelect={() => onMove(to)}>
            {STATUS_LABELS[to]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
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
  onMove,
}: {
  card: ClaimBoardCard;
  staleAfterDays: number;
  now: number;
  canMove: boolean;
  moving: boolean;
  onMove: (card: ClaimBoardCard, to: ClaimStatus) => void;
}) {
  const movable = canMove && !moving && card.allowedTransitions.length > 0;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: card.id,
    disabled: !movable,
  });

  let actions: ReactNode = null;
  if (moving) {
    actions = (
      <span className="text-muted-foreground flex size-7 items-center justify-center" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        <span className="sr-only">Moving {card.claimNumber}</span>
      </span>
    );
  } else if (movable) {
    actions = (
      <>
        <MoveMenu card={card} onMove={(to) => onMove(card, to)} />
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          data-card-handle={card.id}
          aria-label={`Drag ${card.claimNumber}`}
          className="text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-ring/50 flex size-7 cursor-grab items-center justify-center rounded-md outline-none focus-visible:ring-[3px] active:cursor-grabbing"
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
      <CardFace card={card} staleAfterDays={staleAfterDays} now={now} actions={actions} />
    </li>
  );
}

/** The card following the pointer while it is dragged. */
export function DraggedCard({
  card,
  staleAfterDays,
  now,
}: Omit<CardFaceProps, 'actions' | 'linked' | 'className'>) {
  return (
    <CardFace
      card={card}
      linked={false}
      staleAfterDays={staleAfterDays}
      now={now}
      className="w-72 max-w-[85vw] rotate-1 cursor-grabbing shadow-lg"
    />
  );
}

export function BoardCardSkeleton() {
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
