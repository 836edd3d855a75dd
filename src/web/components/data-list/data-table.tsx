import { useMemo, type ComponentProps, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type VisibilityState,
} from '@tanstack/react-table';

import { cn } from '../../lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { TableSkeleton } from '../ui/table-skeleton';

/** One column of a data table: its header, its cell, and how it looks while the list loads. */
export type DataColumn<T> = {
  id: string;
  /** A header text; a screen-reader-only one for a column of buttons. */
  header: ReactNode;
  /** Classes for the header and the cells alike: when the column shows, how it aligns. */
  className?: string;
  /** Classes for the header only. */
  headerClassName?: string;
  /** Classes for the cells only (a typeface, a width). */
  cellClassName?: string;
  cell: (row: T) => ReactNode;
  /** The bars of its loading cell (`['h-4 w-24']`); none leaves the cell empty. */
  skeleton?: readonly string[];
  /** A person's avatar beside the loading bars. */
  skeletonAvatar?: boolean;
  /** Clicks inside the cell stop there rather than also opening the row (a menu of actions). */
  stopsRowClick?: boolean;
};

type ColumnMeta<T> = { column: DataColumn<T> };

function useColumnDefs<T>(columns: readonly DataColumn<T>[]) {
  return useMemo(
    () =>
      columns.map((column): ColumnDef<T> => ({
        id: column.id,
        header: () => column.header,
        cell: (context) => column.cell(context.row.original),
        meta: { column } satisfies ColumnMeta<T>,
      })),
    [columns],
  );
}

const metaOf = <T,>(meta: unknown) => (meta as ColumnMeta<T>).column;

function DataTableHeader<T>({ columns }: { columns: readonly DataColumn<T>[] }) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        {columns.map((column) => (
          <TableHead key={column.id} className={cn(column.className, column.headerClassName)}>
            {column.header}
          </TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

/**
 * Rows as a table (TanStack Table keeps the row model, column visibility and, later, sorting and
 * selection); a row can open its record, and a cell of controls keeps its clicks to itself.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowId,
  columnVisibility,
  onOpen,
  rowProps,
}: {
  /** The table's accessible name: "Bug reports". */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  /** Columns to hide by id (`{ actions: false }`). */
  columnVisibility?: VisibilityState;
  /** Clicking a row opens it; absent, rows are not clickable. */
  onOpen?: (row: T) => void;
  /** More attributes of a row (`data-new`). */
  rowProps?: (row: T) => ComponentProps<'tr'>;
}) {
  // The table is read fresh on every render and none of its functions is passed to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as T[],
    columns: useColumnDefs(columns),
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    state: { columnVisibility: columnVisibility ?? {} },
  });
  const visible = table.getVisibleLeafColumns().map((column) => metaOf<T>(column.columnDef.meta));

  return (
    <Table aria-label={label}>
      <DataTableHeader columns={visible} />
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow
            key={row.id}
            onClick={onOpen && (() => onOpen(row.original))}
            className={cn(onOpen && 'cursor-pointer')}
            {...rowProps?.(row.original)}
          >
            {row.getVisibleCells().map((cell) => {
              const column = metaOf<T>(cell.column.columnDef.meta);
              return (
                <TableCell
                  key={cell.id}
                  className={cn(column.className, column.cellClassName)}
                  onClick={column.stopsRowClick ? (event) => event.stopPropagation() : undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The table's loading state: its real header over rows of pulsing bars, cell for cell like the real ones. */
export function DataTableSkeleton<T>({
  label,
  columns,
  rows = 6,
}: {
  /** "Loading bug reports". */
  label: string;
  columns: readonly DataColumn<T>[];
  rows?: number;
}) {
  return (
    <TableSkeleton
      label={label}
      header={<DataTableHeader columns={columns} />}
      cells={columns.map((column) => ({
        className: column.className,
        bars: column.skeleton ?? [],
        avatar: column.skeletonAvatar ?? false,
      }))}
      rows={rows}
    />
  );
}
