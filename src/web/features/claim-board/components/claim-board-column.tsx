import { useId } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { BanIcon, Loader2Icon } from 'lucide-react';
import type { ClaimBoardCard, ClaimBoardColumn } from '@shared/claim-board';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { ClaimBoardFilter } from '../api/get-claim-board';
import { useLoadMoreBoardCards } from '../api/load-more-board-cards';
import { BoardCard, BoardCardSkeleton } from './claim-board-card';
import { columnTarget } from './claim-board-dnd';
import { CLAIM_STAGE, STAGE_TONES } from '../../claims';

/**
 * Columns side by side; below 768 px one nearly fills the screen and they snap into place as you swipe. From
 * 768 px they are 15 rem (five beside the sidebar at 1400 px). Compact columns share the board's width, from
 * 6 to 15 rem each: ten beside the open sidebar at 1400 px, the whole workflow at a glance.
 */
const COLUMN_CLASS =
  'flex h-[calc(100svh-21rem)] min-h-[22rem] shrink-0 snap-start flex-col rounded-xl border';
const OPEN_WIDTH = 'w-[85vw] max-w-80 md:w-60';
const COMPACT_WIDTH = 'min-w-24 max-w-60 grow basis-0';
/** An empty column is a narrow strip with its name written down the side: room for the columns with cards. */
const COLLAPSED_WIDTH = 'w-14';
const COMPACT_COLLAPSED_WIDTH = 'w-10';

function columnWidth(collapsed: boolean, compact: boolean) {
  if (collapsed) return compact ? COMPACT_COLLAPSED_WIDTH : COLLAPSED_WIDTH;
  return compact ? COMPACT_WIDTH : OPEN_WIDTH;
}

/** While a card is dragged, each column is the card's own, a column it may go to, or one it may not. */
export type DropRole = 'source' | 'allowed' | 'refused' | null;

export function dropRoleOf(status: ClaimStatus, dragged: ClaimBoardCard | null): DropRole {
  if (!dragged) return null;
  if (dragged.status === status) return 'source';
  return dragged.allowedTransitions.includes(status) ? 'allowed' : 'refused';
}

function ColumnCounts({ column }: { column: Pick<ClaimBoardColumn, 'status'> & Partial<ClaimBoardColumn> }) {
  return (
    <>
      {column.count !== undefined && (
        <span className="text-muted-foreground text-sm tabular-nums">
          {column.count.toLocaleString('en-US')}
          <span className="sr-only"> {column.count === 1 ? 'claim' : 'claims'}</span>
        </span>
      )}
      {!!column.staleCount && (
        <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 tabular-nums">
          {column.staleCount.toLocaleString('en-US')} stale
        </span>
      )}
    </>
  );
}

function ColumnHeader({
  id,
  column,
  collapsed = false,
  compact = false,
}: {
  id: string;
  column: Pick<ClaimBoardColumn, 'status'> & Partial<ClaimBoardColumn>;
  collapsed?: boolean;
  compact?: boolean;
}) {
  const stage = CLAIM_STAGE[column.status];
  if (collapsed) {
    return (
      <div className="flex flex-col items-center gap-2 px-1 pt-3 pb-2">
        <span
          aria-hidden="true"
          className={cn('size-2.5 shrink-0 rounded-full border', STAGE_TONES[stage])}
        />
        <span className="text-muted-foreground text-sm tabular-nums">
          0<span className="sr-only"> claims</span>
        </span>
        <h2 id={id} className="text-sm font-semibold whitespace-nowrap [writing-mode:vertical-rl]">
          {STATUS_LABELS[column.status]}
        </h2>
      </div>
    );
  }
  if (compact) {
    // The name on up to two lines over its counts: a narrow column still says what it holds.
    return (
      <div className="grid gap-1 px-2 pt-2 pb-1.5">
        <div className="flex items-start gap-1.5">
          <span
            aria-hidden="true"
            className={cn('mt-0.5 size-2.5 shrink-0 rounded-full border', STAGE_TONES[stage])}
          />
          <h2 id={id} className="line-clamp-2 min-h-8 text-xs/4 font-semibold break-words">
            {STATUS_LABELS[column.status]}
          </h2>
        </div>
        <div className="flex min-h-5 items-center gap-1.5">
          <ColumnCounts column={column} />
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2 px-3 pt-3 pb-2">
      <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full border', STAGE_TONES[stage])} />
      <h2 id={id} className="min-w-0 truncate text-sm font-semibold">
        {STATUS_LABELS[column.status]}
      </h2>
      <ColumnCounts column={column} />
    </div>
  );
}

/**
 * One status: its count, its stale count, its cards (longest in the status first) and "Show more". While a
 * card is dragged the column says whether the card may be dropped on it; one it may not is dimmed and does
 * not take the drop. A status without claims collapses to a strip (still a place to drop a card).
 */
export function BoardColumn({
  column,
  filter,
  dragged,
  staleAfterDays,
  now,
  canMove,
  movingIds,
  compact,
  onMove,
}: {
  column: ClaimBoardColumn;
  filter: ClaimBoardFilter;
  dragged: ClaimBoardCard | null;
  staleAfterDays: number;
  now: number;
  canMove: boolean;
  movingIds: ReadonlySet<string>;
  /** Compact columns (the Claim Manager's toggle): narrow, with condensed cards. */
  compact: boolean;
  onMove: (card: ClaimBoardCard, to: ClaimStatus) => void;
}) {
  const headingId = useId();
  const role = dropRoleOf(column.status, dragged);
  const { setNodeRef, isOver } = useDroppable({
    id: columnTarget(column.status),
    disabled: role === 'refused',
  });
  const loadMore = useLoadMoreBoardCards(filter);
  const hidden = column.count - column.items.length;
  const collapsed = column.count === 0 && column.items.length === 0;
  // In a collapsed column the words are for screen readers; the strip's colour says the same to the eye.
  const note = collapsed ? 'sr-only' : undefined;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column.status}
      data-drop={role ?? undefined}
      data-collapsed={collapsed || undefined}
      className={cn(
        COLUMN_CLASS,
        columnWidth(collapsed, compact),
        'bg-muted/40 transition-[opacity,background-color,border-color]',
        role === 'allowed' && 'border-primary/50 bg-primary/5 border-dashed',
        role === 'allowed' && isOver && 'border-primary bg-primary/10 ring-primary/30 border-solid ring-2',
        role === 'refused' && 'cursor-not-allowed opacity-45 grayscale',
      )}
    >
      <ColumnHeader id={headingId} column={column} collapsed={collapsed} compact={compact} />
      {role === 'refused' && (
        <p
          className={cn(
            'text-muted-foreground flex items-center gap-1.5 pb-2 text-xs',
            collapsed ? 'justify-center' : 'px-3',
          )}
        >
          <BanIcon className="size-3.5" aria-hidden="true" />
          <span className={note}>{dragged?.claimNumber} cannot move here</span>
        </p>
      )}
      <div className={cn('min-h-0 flex-1 overflow-y-auto pb-2', compact ? 'px-1' : 'px-2')}>
        {column.items.length === 0 ? (
          <p
            className={cn(
              'text-muted-foreground rounded-lg border border-dashed text-center text-sm',
              collapsed ? 'h-full' : 'px-3 py-8',
              collapsed && role !== 'allowed' && 'border-transparent',
              role === 'allowed' && 'border-primary/60 text-primary',
            )}
          >
            <span className={note}>{role === 'allowed' ? 'Drop here' : 'No claims'}</span>
          </p>
        ) : (
          <ol aria-labelledby={headingId} className={cn('grid', compact ? 'gap-1' : 'gap-2')}>
            {column.items.map((card) => (
              <BoardCard
                key={card.id}
                card={card}
                staleAfterDays={staleAfterDays}
                now={now}
                canMove={canMove}
                moving={movingIds.has(card.id)}
                compact={compact}
                onMove={onMove}
              />
            ))}
          </ol>
        )}
        {column.nextCursor && hidden > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className={cn('mt-2 w-full', compact && 'h-auto flex-wrap gap-x-1 gap-y-0 px-1 py-1 text-xs')}
            disabled={loadMore.isPending}
            onClick={() => loadMore.mutate({ status: column.status, cursor: column.nextCursor! })}
          >
            {loadMore.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Show more
            <span className="text-muted-foreground tabular-nums">
              ({hidden.toLocaleString('en-US')} not shown)
            </span>
          </Button>
        )}
      </div>
    </section>
  );
}

/** A column while the board loads: its real title, cards to come. */
export function BoardColumnSkeleton({
  status,
  cards,
  compact,
}: {
  status: ClaimStatus;
  cards: number;
  compact: boolean;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(COLUMN_CLASS, columnWidth(false, compact), 'bg-muted/40')}
    >
      <ColumnHeader id={headingId} column={{ status }} compact={compact} />
      <div className={cn('pb-2', compact ? 'px-1' : 'px-2')}>
        <ul className={cn('grid', compact ? 'gap-1' : 'gap-2')}>
          {Array.from({ length: cards }, (_, index) => (
            <BoardCardSkeleton key={index} compact={compact} />
          ))}
        </ul>
      </div>
    </section>
  );
}
