import type { ReactNode } from 'react';
import { Columns3Icon } from 'lucide-react';
import { staleRule, type ClaimBoard } from '@shared/claim-board';

import { Button } from '../../../components/ui/button';
import { WORKFLOW_LABELS } from '../../claims';

/**
 * Above the board: how many open claims, how many stale, what stale means here, and the compact columns
 * toggle.
 */
export function BoardSummary({
  board,
  compact,
  onCompactChange,
  children,
}: {
  board: ClaimBoard;
  compact: boolean;
  onCompactChange: (compact: boolean) => void;
  children?: ReactNode;
}) {
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
        {staleRule(board.staleAfterDays)}
      </p>
      {children}
      <Button
        type="button"
        variant={compact ? 'secondary' : 'outline'}
        size="sm"
        className="ml-auto"
        aria-pressed={compact}
        onClick={() => onCompactChange(!compact)}
      >
        <Columns3Icon aria-hidden="true" />
        Compact columns
      </Button>
    </div>
  );
}
