import type { ReactNode } from 'react';
import type { RecordSummary } from '@shared/fleet';
import { BREAKPOINT_MD_PX } from '@shared/constants';

import { DataTable, DataTableSkeleton, type DataColumn } from '../../../components/data-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { cn } from '../../../lib/utils';
import { ActiveBadge } from '../../../components/data-list';
import { RecordRowActions, type RecordAction } from './record-row-actions';
import { SummaryLink, SummaryTiles, summaryFigures } from './record-summary';

/** What every company, location and facility has. */
export type FleetRecord = { id: string; name: string; active: boolean; summary: RecordSummary };

/** A column between the record's name and its figures. */
export type RecordColumn<T> = {
  id: string;
  header: string;
  /** Classes for the header and the cells alike: when the column shows, how it aligns. */
  className?: string;
  /** Classes for the cells only (a typeface). */
  cellClassName?: string;
  cell: (record: T) => ReactNode;
};

export type RecordListProps<T extends FleetRecord> = {
  /** Accessible name of the table or the card list: "Companies". */
  label: string;
  /** Header of the name column: "Company". */
  nameHeader: string;
  records: readonly T[];
  /** A second line under the name: a code, a company, an address. */
  subtitle: (record: T) => ReactNode;
  columns: readonly RecordColumn<T>[];
  /** Extra lines of a card on a phone, where the columns do not fit. */
  cardDetails: (record: T) => ReactNode;
  /** Where a record's figures lead: All Claims filtered to it. */
  claimsHref: (record: T) => string;
  /** Null when the user only reads: no menu. */
  onAction: ((action: RecordAction, record: T) => void) | null;
  /** A button or link of its own before the menu (a location's vehicle cards), for those who may use it. */
  rowAction?: ((record: T) => ReactNode) | undefined;
  onOpen: (record: T) => void;
};

const FIGURE = 'text-right tabular-nums';

const nameButtonClass =
  'focus-visible:ring-ring/50 rounded-sm text-left font-medium [overflow-wrap:anywhere] outline-none hover:underline focus-visible:ring-[3px]';

/** A record's own action and its menu, at the end of its row or card. */
function RecordActions<T extends FleetRecord>({
  record,
  rowAction,
  onAction,
}: { record: T } & Pick<RecordListProps<T>, 'rowAction' | 'onAction'>) {
  return (
    <div className="flex items-center justify-end gap-1">
      {rowAction?.(record)}
      {onAction && <RecordRowActions record={record} onAction={onAction} />}
    </div>
  );
}

/** The table's columns: the name (with its subtitle), the screen's own, the figures, status and the actions. */
function recordColumns<T extends FleetRecord>({
  nameHeader,
  subtitle,
  columns,
  claimsHref,
  onAction,
  rowAction,
  onOpen,
}: Pick<RecordListProps<T>, 'nameHeader' | 'columns' | 'onAction'> &
  Partial<Pick<RecordListProps<T>, 'subtitle' | 'claimsHref' | 'onOpen' | 'rowAction'>>): DataColumn<T>[] {
  const hasActions = Boolean(onAction || rowAction);
  const figure = (index: number, header: string): DataColumn<T> => ({
    id: header,
    header,
    className: FIGURE,
    skeleton: ['ml-auto h-4 w-8'],
    cell: (record) => {
      const href = record.summary.openClaims > 0 && claimsHref ? claimsHref(record) : null;
      return <SummaryLink figure={summaryFigures(record.summary, record.name)[index]!} href={href} />;
    },
  });
  return [
    {
      id: 'name',
      header: nameHeader,
      className: 'pl-4',
      // The name takes the room the other columns (figures, badges: as wide as their content) leave, so a long
      // name or address is not cut while those have space to spare.
      headerClassName: 'w-full',
      cellClassName: 'max-w-0 min-w-44 whitespace-normal',
      skeleton: ['h-4 w-40', 'h-3 w-20'],
      cell: (record) => (
        <>
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onOpen?.(record);
            }}
            className={nameButtonClass}
          >
            {record.name}
          </button>
          <div className="text-muted-foreground line-clamp-2 text-xs">{subtitle?.(record)}</div>
        </>
      ),
    },
    ...columns.map((column) => ({ ...column, skeleton: ['h-4 w-24'] })),
    figure(0, 'Open claims'),
    figure(1, 'Vehicles down'),
    figure(2, 'Avg. downtime'),
    {
      id: 'status',
      header: 'Status',
      className: cn(!hasActions && 'pr-4'),
      skeleton: ['h-5 w-14'],
      cell: (record) => <ActiveBadge active={record.active} />,
    },
    ...(hasActions
      ? [
          {
            id: 'actions',
            header: <span className="sr-only">Actions</span>,
            className: 'pr-4',
            headerClassName: 'w-12',
            stopsRowClick: true,
            cell: (record: T) => <RecordActions record={record} rowAction={rowAction} onAction={onAction} />,
          },
        ]
      : []),
  ];
}

function RecordsTable<T extends FleetRecord>(props: RecordListProps<T>) {
  return (
    <DataTable
      label={props.label}
      columns={recordColumns(props)}
      rows={props.records}
      rowId={(record) => record.id}
      onOpen={props.onOpen}
    />
  );
}

function RecordCards<T extends FleetRecord>({
  label,
  records,
  subtitle,
  cardDetails,
  claimsHref,
  onAction,
  rowAction,
  onOpen,
}: RecordListProps<T>) {
  return (
    <ul aria-label={label} className="divide-y">
      {records.map((record) => (
        <li key={record.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => onOpen(record)}
                className={cn(nameButtonClass, 'text-base font-semibold')}
              >
                {record.name}
              </button>
              <div className="text-muted-foreground truncate text-sm">{subtitle(record)}</div>
            </div>
            <ActiveBadge active={record.active} />
            {(onAction || rowAction) && (
              <div className="-my-1.5 -mr-2">
                <RecordActions record={record} rowAction={rowAction} onAction={onAction} />
              </div>
            )}
          </div>
          {cardDetails(record)}
          <SummaryTiles summary={record.summary} name={record.name} href={claimsHref(record)} />
        </li>
      ))}
    </ul>
  );
}

/** Records as a table from 768 px, where the columns fit, and as cards below. */
export function RecordList<T extends FleetRecord>(props: RecordListProps<T>) {
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_MD_PX}px)`);
  return wide ? <RecordsTable {...props} /> : <RecordCards {...props} />;
}

/** Grey rows (or cards) the shape of the list, while the first page loads. */
export function RecordListSkeleton({
  label,
  nameHeader,
  columns,
  rows = 6,
}: {
  label: string;
  nameHeader: string;
  columns: readonly Pick<RecordColumn<unknown>, 'id' | 'header' | 'className'>[];
  rows?: number;
}) {
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_MD_PX}px)`);
  const items = Array.from({ length: rows }, (_, index) => index);
  if (!wide) {
    return (
      <ul aria-busy="true" aria-label={label} className="divide-y">
        {items.map((index) => (
          <li key={index} className="grid gap-3 px-4 py-4">
            <div className="grid gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-14 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <DataTableSkeleton
      label={label}
      columns={recordColumns({ nameHeader, columns: columns as RecordColumn<FleetRecord>[], onAction: null })}
      rows={rows}
    />
  );
}
