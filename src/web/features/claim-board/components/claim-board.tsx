import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { InboxIcon } from 'lucide-react';
import { boardStatuses, type ClaimBoardCard } from '@shared/claim-board';
import type { Claim } from '@shared/claims';
import { isOpenStatus, STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { ListLoadError } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { ToastAction } from '../../../components/ui/toast';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { cardFromClaim } from '../api/claim-board-cache';
import { useClaimBoard, type ClaimBoardFilter } from '../api/get-claim-board';
import { useMoveBoardCard } from '../api/move-board-card';
import { useNow, WORKFLOW_LABELS } from '../../claims';
import { DraggedCard } from './claim-board-card';
import { BoardColumn, BoardColumnSkeleton } from './claim-board-column';
import {
  boardAnnouncements,
  columnTarget,
  dropResult,
  keyboardMove,
  keyboardTargets,
  screenReaderInstructions,
} from './claim-board-dnd';
import { FinishZones } from './claim-board-finish';
import type { FinishDetails } from './finish-move-dialog';
import { swallowNextClick, useFocusAfterMove, useMovingIds } from './claim-board-moves';
import { ScrollHints, useOffscreenColumns, type SideScroller } from '../../../components/scroll-hints';
import { BoardSummary } from './claim-board-summary';
import { lazyDialog } from '../../../components/lazy-dialog';

// Asked after a drop that takes a claim off the board; its form loads after the board draws (issue 30).
const FinishMoveDialog = lazyDialog(
  () => import('./finish-move-dialog').then((m) => m.FinishMoveDialog),
  (props) => props.move !== null,
);

const BOARD_CLASS = 'relative flex snap-x snap-mandatory overflow-x-auto pb-3 md:snap-none';
const boardClass = (compact: boolean) => cn(BOARD_CLASS, compact ? 'gap-1.5' : 'gap-3');

type MoveOptions = FinishDetails & { refocus?: boolean; undo?: boolean };

/**
 * One workflow's board: a column per open status. Those who may move claims drag a card to another
 * column (columns it may not go to are dimmed and refuse it), pick it up with the keyboard, or use its
 * "Move to" menu; a move that takes the claim off the board (completed, total loss, cancelled) asks first.
 */
export function ClaimBoardView({
  filter,
  canMove,
  filtered,
  onClearFilters,
  staleSetting,
  compact,
  onCompactChange,
}: {
  filter: ClaimBoardFilter;
  canMove: boolean;
  filtered: boolean;
  onClearFilters: () => void;
  /** Next to the stale legend: where an admin changes the number of days. */
  staleSetting?: (staleAfterDays: number) => ReactNode;
  /** Compact columns: every column of the workflow on one screen, with condensed cards. */
  compact: boolean;
  onCompactChange: (compact: boolean) => void;
}) {
  const query = useClaimBoard(filter);
  const board = query.data;
  const move = useMoveBoardCard(filter);
  const movingIds = useMovingIds();
  const now = useNow();
  const focusAfterMove = useFocusAfterMove(board);
  const boardRef = useRef<HTMLDivElement>(null);
  const scroller: SideScroller = { ref: boardRef, columns: '[data-column]' };
  const hiddenColumns = useOffscreenColumns(scroller, board);
  const [dragged, setDragged] = useState<ClaimBoardCard | null>(null);
  const [keyboard] = useState(keyboardMove);
  const [finishing, setFinishing] = useState<{ card: ClaimBoardCard; to: ClaimStatus } | null>(null);
  // What became of the last move, for screen readers: dnd-kit's announcements end when the card is dropped.
  const [moveOutcome, setMoveOutcome] = useState('');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // On a touch screen a press-and-hold picks a card up, so a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboard.coordinateGetter }),
  );

  const cards = useMemo(() => {
    const byId = new Map<UniqueIdentifier, ClaimBoardCard>();
    for (const column of board?.columns ?? []) for (const card of column.items) byId.set(card.id, card);
    return byId;
  }, [board]);
  const columns = useMemo(() => board?.columns.map((column) => column.status) ?? [], [board]);
  const announcements = useMemo(() => boardAnnouncements((id) => cards.get(id), columns), [cards, columns]);

  /**
   * A move is announced once the server has made it (a refusal is announced by its toast). `mutateAsync`
   * settles for every move, where `mutate`'s callbacks are only called for the latest.
   */
  const requestMove = (card: ClaimBoardCard, to: ClaimStatus, options: MoveOptions = {}) => {
    const { refocus, undo, ...details } = options;
    if (refocus) focusAfterMove(card.id);
    setMoveOutcome('');
    move.mutateAsync({ card, to, ...details, ...(undo ? { undo } : {}) }).then(
      (claim) => {
        if (isOpenStatus(to)) setMoveOutcome(`${card.claimNumber} moved to ${STATUS_LABELS[to]}.`);
        sayMoved(card, claim, undo);
      },
      () => {
        if (refocus) focusAfterMove(card.id);
      },
    );
  };
  /**
   * The toast after a move: what happened, and Undo while the server would still take the move back (a move
   * between open statuses; one that took the claim off the board was confirmed in a dialog first).
   */
  const sayMoved = (card: ClaimBoardCard, claim: Claim, undone = false) => {
    const from = STATUS_LABELS[card.status];
    const to = STATUS_LABELS[claim.status];
    if (undone) {
      toast({ title: 'Move undone', description: `${claim.claimNumber} is back in ${to}.` });
      return;
    }
    if (!isOpenStatus(claim.status)) {
      toast({ title: 'Claim moved', description: `${claim.claimNumber} is now ${to}; it leaves the board.` });
      return;
    }
    toast({
      title: 'Claim moved',
      description: `${claim.claimNumber} went from ${from} to ${to}.`,
      action: (
        <ToastAction
          altText={`Undo: move ${claim.claimNumber} back to ${from}`}
          onClick={() => requestMove(cardFromClaim(claim, card), card.status, { undo: true })}
        >
          Undo
        </ToastAction>
      ),
    });
  };
  const chooseMove = (card: ClaimBoardCard, to: ClaimStatus, refocus: boolean) =>
    isOpenStatus(to) ? requestMove(card, to, { refocus }) : setFinishing({ card, to });

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const card = cards.get(active.id) ?? null;
    if (card && activatorEvent instanceof KeyboardEvent)
      keyboard.start(keyboardTargets(card, columns), columnTarget(card.status));
    setDragged(card);
  };
  const onDragCancel = () => {
    keyboard.stop();
    setDragged(null);
  };
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    keyboard.stop();
    setDragged(null);
    if (!(activatorEvent instanceof KeyboardEvent)) swallowNextClick();
    const card = cards.get(active.id);
    const to = card && dropResult(card, over?.id);
    if (card && to) chooseMove(card, to, activatorEvent instanceof KeyboardEvent);
  };

  if (query.isPending) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <p className="sr-only" role="status">
          Loading the board
        </p>
        <div className={boardClass(compact)}>
          {boardStatuses(filter.workflow).map((status, index) => (
            <BoardColumnSkeleton
              key={status}
              status={status}
              cards={Math.max(1, 3 - (index % 3))}
              compact={compact}
            />
          ))}
        </div>
      </div>
    );
  }
  if (!board) {
    return (
      <div className="bg-card rounded-xl border">
        <ListLoadError
          title="The board could not be loaded"
          message={query.error?.message ?? 'Something went wrong.'}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }

  const empty = board.columns.every((column) => column.count === 0);
  return (
    <div className="grid gap-3">
      <BoardSummary board={board} compact={compact} onCompactChange={onCompactChange}>
        {staleSetting?.(board.staleAfterDays)}
      </BoardSummary>
      {empty && (
        <div className="bg-card text-muted-foreground flex flex-wrap items-center gap-3 rounded-xl border px-4 py-3 text-sm">
          <InboxIcon className="size-4" aria-hidden="true" />
          {filtered
            ? 'No open claims match these filters.'
            : `No open ${WORKFLOW_LABELS[board.workflow].toLowerCase()} claims: new claims appear in Reported.`}
          {filtered && (
            <Button variant="outline" size="sm" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </div>
      )}
      <DndContext
        sensors={canMove ? sensors : []}
        collisionDetection={keyboard.collisionDetection}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <div className="relative min-w-0">
          <div
            ref={boardRef}
            aria-busy={query.isPlaceholderData}
            aria-label={`${WORKFLOW_LABELS[board.workflow]} board`}
            role="region"
            data-compact={compact || undefined}
            className={cn(boardClass(compact), 'transition-opacity aria-busy:opacity-60')}
          >
            {board.columns.map((column) => (
              <BoardColumn
                key={column.status}
                column={column}
                filter={filter}
                dragged={dragged}
                staleAfterDays={board.staleAfterDays}
                now={now}
                canMove={canMove}
                movingIds={movingIds}
                compact={compact}
                onMove={(card, to) => chooseMove(card, to, true)}
              />
            ))}
          </div>
          {!dragged && <ScrollHints scroller={scroller} offscreen={hiddenColumns} look="board" />}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragged && (
            <DraggedCard card={dragged} staleAfterDays={board.staleAfterDays} now={now} compact={compact} />
          )}
        </DragOverlay>
        {dragged && <FinishZones card={dragged} />}
      </DndContext>
      <p className="sr-only" role="status">
        {moveOutcome}
      </p>
      <FinishMoveDialog
        move={finishing}
        onOpenChange={(open) => !open && setFinishing(null)}
        onConfirm={(details) => {
          if (finishing) requestMove(finishing.card, finishing.to, details);
          setFinishing(null);
        }}
      />
    </div>
  );
}
