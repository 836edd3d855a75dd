import type { ReactNode } from 'react';

import { Skeleton } from './skeleton';
import { Table, TableBody, TableCell, TableRow } from './table';

/**
 * One cell of a loading row: the class its real cell has (so the same columns give way on narrow screens),
 * the bars it shows (two stack, like a name over its detail; none leaves it empty) and, for people, an avatar.
 */
export interface SkeletonCell {
  className?: string;
  bars?: readonly string[];
  avatar?: boolean;
}

function Bars({ bars }: { bars: readonly string[] }) {
  if (bars.length === 1) return <Skeleton className={bars[0]} />;
  return (
    <div className="grid gap-1.5">
      {bars.map((bar, index) => (
        <Skeleton key={index} className={bar} />
      ))}
    </div>
  );
}

function SkeletonCellContent({ bars = [], avatar }: SkeletonCell) {
  if (bars.length === 0) return null;
  if (!avatar) return <Bars bars={bars} />;
  return (
    <div className="flex items-center gap-3">
      <Skeleton className="size-9 rounded-full" />
      <Bars bars={bars} />
    </div>
  );
}

/** A table's loading state: its real header over `rows` rows of pulsing bars, announced as busy. */
export function TableSkeleton({
  label,
  header,
  cells,
  rows,
}: {
  label: string;
  header: ReactNode;
  cells: readonly SkeletonCell[];
  rows: number;
}) {
  return (
    <Table aria-busy="true" aria-label={label}>
      {header}
      <TableBody>
        {Array.from({ length: rows }, (_, row) => (
          <TableRow key={row}>
            {cells.map((cell, index) => (
              <TableCell key={index} className={cell.className}>
                <SkeletonCellContent {...cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
