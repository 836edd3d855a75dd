import type { MouseEvent, ReactNode } from 'react';
import type { RecordSummary } from '@shared/fleet';
import { BREAKPOINT_MD_PX } from '@shared/constants';

import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
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
  onOpen: (record: T) => void;
};

const FIGURE = 'text-right tabular-nums';

/** Clicks inside a control of a row stop there rather than also opening the row. */
const stop = (event: MouseEvent) => event.stopPropagation();

const nameButtonClass =
  'focus-visible:ring-ring/50 rounded-sm text-left font-medium [overflow-wrap:anywhere] outline-none hover:underline focus-visible:ring-[3px]';

function RecordsTable<T extends FleetRecord>({
  label,
  nameHeader,
  records,
  subtitle,
  columns,
  claimsHref,
  onAction,
  onOpen,
}: RecordListProps<T>) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="pl-4">{nameHeader}</TableHead>
          {columns.map((column) => (
            <TableHead key={column.id} className={column.className}>
              {column.header}
            </TableHead>
          ))}
          <TableHead className={FIGURE}>Open claims</TableHead>
          <TableHead className={FIGURE}>Vehicles down</TableHead>
          <TableHead className={FIGURE}>Avg. downtime</TableHead>
          <TableHead className={cn(!onAction && 'pr-4')}>Status</TableHead>
          {onAction && (
            <TableHead className="w-12 pr-4">
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {records.map((record) => {
          const href = record.summary.openClaims > 0 ? claimsHref(record) : null;
          return (
            <TableRow key={record.id} onClick={() => onOpen(record)} className="cursor-pointer">
              <TableCell className="max-w-0 min-w-44 pl-4 whitespace-normal">
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(record);
                  }}
                  className={nameButtonClass}
                >
                  {record.name}
                </button>
                <div className="text-muted-foreground truncate text-xs">{subtitle(record)}</div>
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.id} className={cn(column.className, column.cellClassName)}>
                  {column.cell(record)}
                </TableCell>
              ))}
              {summaryFigures(record.summary, record.name).map((figure) => (
                <TableCell key={figure.key} className={FIGURE}>
                  <SummaryLink figure={figure} href={href} />
                </TableCell>
              ))}
              <TableCell className={cn(!onAction && 'pr-4')}>
                <ActiveBadge active={record.active} />
              </TableCell>
              {onAction && (
                <TableCell className="pr-4 text-right" onClick={stop}>
                  <RecordRowActions record={record} onAction={onAction} />
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function RecordCards<T extends FleetRecord>({
  label,
  records,
  subtitle,
  cardDetails,
  claimsHref,
  onAction,
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
            {onAction && (
              <div className="-my-1.5 -mr-2">
                <RecordRowActions record={record} onAction={onAction} />
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
    <Table aria-busy="true" aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="pl-4">{nameHeader}</TableHead>
          {columns.map((column) => (
            <TableHead key={column.id} className={column.className}>
              {column.header}
            </TableHead>
          ))}
          <TableHead className={FIGURE}>Open claims</TableHead>
          <TableHead className={FIGURE}>Vehicles down</TableHead>
          <TableHead className={FIGURE}>Avg. downtime</TableHead>
          <TableHead className="pr-4">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((index) => (
          <TableRow key={index}>
            <TableCell className="pl-4">
              <div className="grid gap-1.5">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-20" />
              </div>
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.id} className={column.className}>
                <Skeleton className="h-4 w-24" />
              </TableCell>
            ))}
            {['open', 'down', 'days'].map((key) => (
              <TableCell key={key}>
                <Skeleton className="ml-auto h-4 w-8" />
              </TableCell>
            ))}
            <TableCell className="pr-4">
              <Skeleton className="h-5 w-14" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
