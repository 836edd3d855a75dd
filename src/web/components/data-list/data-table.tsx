import { useMemo, useRef, type ComponentProps, type ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';

import { cn } from '../../lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { TableSkeleton } from '../ui/table-skeleton';
import { ScrollHints, useOffscreenColumns, type SideScroller } from '../scroll-hints';

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
  /** Its header sorts the list (the server sorts: the table only shows and asks). */
  sortable?: boolean;
  /** The user may hide it (the list's `ColumnVisibilityMenu`); the choice is remembered. */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  hiddenByDefault?: boolean;
  /** Its name in the columns menu, when the header is not plain text. */
  menuLabel?: string;
};

/** The list's sort as the address has it: a column id and a direction. */
export type DataSort = { column: string; order: 'asc' | 'desc' };

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

function DataTableHeader<T>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly DataColumn<T>[];
  sort?: SortingState;
  onSort?: ((column: string) => void) | undefined;
}) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        {columns.map((column) => {
          const sorted = sort?.find((entry) => entry.id === column.id);
          const ariaSort = sorted ? (sorted.desc ? 'descending' : 'ascending') : undefined;
          return (
            <TableHead
              key={column.id}
              className={cn(column.className, column.headerClassName)}
              aria-sort={column.sortable ? ariaSort : undefined}
            >
              {column.sortable && onSort ? (
                <SortButton label={column.header} sorted={sorted} onClick={() => onSort(column.id)} />
              ) : (
                column.header
              )}
            </TableHead>
          );
        })}
      </TableRow>
    </TableHeader>
  );
}

/** A sortable column's header: its label and which way it sorts, or that it can. */
function SortButton({
  label,
  sorted,
  onClick,
}: {
  label: ReactNode;
  sorted: { desc: boolean } | undefined;
  onClick: () => void;
}) {
  const Icon = !sorted ? ArrowUpDownIcon : sorted.desc ? ArrowDownIcon : ArrowUpIcon;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'hover:text-foreground focus-visible:ring-ring/50 -mx-1 inline-flex items-center gap-1 rounded-sm px-1 outline-none focus-visible:ring-[3px]',
        sorted ? 'text-foreground' : 'text-muted-foreground',
      )}
    >
      {label}
      <Icon className={cn('size-3.5', !sorted && 'opacity-50')} aria-hidden="true" />
    </button>
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
  sort,
  onSort,
  className,
  scrollHints = false,
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
  /** The server's sort, shown on the sortable columns' headers. */
  sort?: DataSort;
  /** A sortable header was clicked: the screen decides the new sort. */
  onSort?: (column: string) => void;
  /** Classes of every row (a focus ring for a row that is a link). */
  className?: string;
  /**
   * Columns never give way to a narrow screen: the table scrolls sideways, with a fade and a button at each
   * edge that has columns out of sight.
   */
  scrollHints?: boolean;
}) {
  const sorting: SortingState = sort ? [{ id: sort.column, desc: sort.order === 'desc' }] : [];
  // The table is read fresh on every render and none of its functions is passed to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as T[],
    columns: useColumnDefs(columns),
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { columnVisibility: columnVisibility ?? {}, sorting },
  });
  const visible = table.getVisibleLeafColumns().map((column) => metaOf<T>(column.columnDef.meta));
  const frameRef = useRef<HTMLDivElement>(null);
  const scroller: SideScroller = {
    ref: frameRef,
    within: '[data-slot="table-container"]',
    columns: 'thead th',
  };
  const offscreen = useOffscreenColumns(scroller);

  const rendered = (
    <Table aria-label={label}>
      <DataTableHeader columns={visible} sort={table.getState().sorting} onSort={onSort} />
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow
            key={row.id}
            onClick={onOpen && (() => onOpen(row.original))}
            className={cn(onOpen && 'cursor-pointer', className)}
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
  if (!scrollHints) return rendered;
  return (
    <div ref={frameRef} className="relative">
      {rendered}
      <ScrollHints scroller={scroller} offscreen={offscreen} look="table" />
    </div>
  );
}

/** The table's loading state: its real header over rows of pulsing bars, cell for cell like the real ones. */
export function DataTableSkeleton<T>({
  label,
  columns: allColumns,
  columnVisibility,
  rows = 6,
}: {
  /** "Loading bug reports". */
  label: string;
  columns: readonly DataColumn<T>[];
  /** Columns to hide by id, as the table hides them. */
  columnVisibility?: VisibilityState;
  rows?: number;
}) {
  const columns = allColumns.filter((column) => columnVisibility?.[column.id] !== false);
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
