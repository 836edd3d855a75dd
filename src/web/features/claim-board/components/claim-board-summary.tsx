import type { ReactNode } from 'react';
import type { ClaimBoard } from '@shared/claim-board';
import { WORKFLOW_LABELS } from '../../claims';

/** Above the board: how many open claims, how many stale, and what stale means here. */
export function BoardSummary({ board, children }: { board: ClaimBoard; children?: ReactNode }) {
  const total = board.columns.reduce((sum, column) => sum + column.count, 0);
  const stale = board.columns.reduce((sum, column) => sum + column.staleCount, 0);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <p className="font-medium tabular-nums">
        {total.toLocaleString('en-US')} open {WORKFLOW_LABELS[board.workflow].toLowerCase()}{' '}
        {total === 1 ? 'claim' : 'claims'}
        {stale > 0 && (
          <span className="text-muted-foreground font-normal"> · {stale.toLocaleString('en-US')} stale</span>
        )}
      </p>
      <p className="text-muted-foreground flex items-center gap-2">
        <span
          aria-hidden="true"
          className="bg-card h-4 w-6 rounded border border-amber-300 shadow-[inset_4px_0_0_var(--color-amber-400)]"
        />
        Stale: not updated for more than {board.staleAfterDays} {board.staleAfterDays === 1 ? 'day' : 'days'}
      </p>
      {children}
    </div>
  );
}
