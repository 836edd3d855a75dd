import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { ClaimListItem } from '@shared/claims';

import { TableSkeleton, type SkeletonCell } from '../../../components/ui/table-skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/utils';
import type { ClaimsFilter } from '../api/get-claims';
import { ClaimStatusBadge } from './claim-status-badge';
import {
  CalendarDate,
  downtimeText,
  EtaDate,
  PriorityFlag,
  UpdatedAt,
  VehicleCell,
  WORKFLOW_LABELS,
} from './claim-list-cells';

export type ClaimsSort = Pick<ClaimsFilter, 'sort' | 'order'>;
type SortKey = ClaimsFilter['sort'];

/**
 * Columns that give way when the table is narrower (by its own width, which the sidebar takes from: an
 * `@container` around it): claim, status, vehicle and dates always stay.
 */
const COMPANY = 'hidden @3xl:table-cell';
const FACILITY = 'hidden @5xl:table-cell';
const ASSIGNEE = 'hidden @7xl:table-cell';
const DOWNTIME = 'hidden @7xl:table-cell';

/** The direction a column sorts in first: newest and biggest first, except ETA (soonest) and status (in work order). */
const FIRST_ORDER: Record<SortKey, ClaimsFilter['order']> = {
  number: 'desc',
  updatedAt: 'desc',
  createdAt: 'desc',
  lossDate: 'desc',
  eta: 'asc',
  status: 'asc',
  priority: 'desc',
};

/** Clicking a column's header sorts by it; clicking it again reverses the order. */
export function nextSort(current: ClaimsSort, key: SortKey): ClaimsSort {
  if (current.sort === key) return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: key, order: FIRST_ORDER[key] };
}

function SortableHead({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: SortKey;
  sort: ClaimsSort | undefined;
  onSort: ((sort: ClaimsSort) => void) | undefined;
  className?: string;
}) {
  const active = sort?.sort === column;
  const Icon = !active ? ArrowUpDownIcon : sort.order === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {onSort && sort ? (
        <button
          type="button"
          onClick={() => onSort(nextSort(sort, column))}
          className={cn(
            'hover:text-foreground focus-visible:ring-ring/50 -mx-1 inline-flex items-center gap-1 rounded-sm px-1 outline-none focus-visible:ring-[3px]',
            active ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {label}
          <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
        </button>
      ) : (
        label
      )}
    </TableHead>
  );
}

function Header({ sort, onSort }: { sort?: ClaimsSort; onSort?: (sort: ClaimsSort) => void }) {
  const head = (label: string, column: SortKey, className?: string) => (
    <SortableHead label={label} column={column} sort={sort} onSort={onSort} className={className} />
  );
  const plain = (label: string, className?: string): ReactNode => (
    <TableHead className={cn('text-muted-foreground', className)}>{label}</TableHead>
  );
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        {head('Claim', 'number', 'pl-4')}
        {head('Status', 'status')}
        {plain('Vehicle')}
        {plain('Company', COMPANY)}
        {plain('Facility', FACILITY)}
        {plain('Assignee', ASSIGNEE)}
        {head('Loss', 'lossDate')}
        {head('ETA', 'eta')}
        {plain('Downtime', DOWNTIME)}
        {head('Updated', 'updatedAt', 'pr-4')}
      </TableRow>
    </TableHeader>
  );
}

/** The loading rows, cell for cell like the real ones. */
const CLAIMS_SKELETON: SkeletonCell[] = [
  { className: 'pl-4', bars: ['h-4 w-24', 'h-3 w-16'] },
  { bars: ['h-5 w-24'] },
  { bars: ['h-4 w-40', 'h-3 w-20'] },
  { className: COMPANY, bars: ['h-4 w-28', 'h-3 w-20'] },
  { className: FACILITY, bars: ['h-4 w-28'] },
  { className: ASSIGNEE, bars: ['h-4 w-24'] },
  { bars: ['h-4 w-12'] },
  { bars: ['h-4 w-12'] },
  { className: DOWNTIME, bars: ['h-4 w-12'] },
  { className: 'pr-4', bars: ['h-4 w-16'] },
];

export function ClaimsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return <TableSkeleton label="Loading claims" header={<Header />} cells={CLAIMS_SKELETON} rows={rows} />;
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}

/**
 * The claims of one page. The claim number is the row's link and stretches over the whole row, so a click
 * anywhere opens the claim, and middle-click, Ctrl+click and the keyboard work as on any link.
 */
export function ClaimsTable({
  claims,
  sort,
  onSort,
}: {
  claims: readonly ClaimListItem[];
  sort: ClaimsSort;
  onSort: (sort: ClaimsSort) => void;
}) {
  return (
    <Table aria-label="Claims">
      <Header sort={sort} onSort={onSort} />
      <TableBody>
        {claims.map((claim) => (
          <TableRow key={claim.id} className="has-[a:focus-visible]:bg-muted/60 relative cursor-pointer">
            <TableCell className="pl-4">
              <Link
                href={`/vehicles/${claim.id}`}
                className="focus-visible:ring-ring/50 rounded-sm font-medium outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-[3px]"
              >
                {claim.claimNumber}
              </Link>
              <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
                {WORKFLOW_LABELS[claim.workflow]}
                <PriorityFlag priority={claim.priority} />
              </p>
            </TableCell>
            <TableCell>
              <ClaimStatusBadge status={claim.status} />
            </TableCell>
            <TableCell className="w-full max-w-0 min-w-44">
              <VehicleCell vehicle={claim.vehicle} />
            </TableCell>
            <TableCell className={cn(COMPANY, 'max-w-36 leading-tight @7xl:max-w-44')}>
              <p className="truncate">{claim.companyName}</p>
              <p className="text-muted-foreground truncate text-xs">{claim.locationName ?? 'No location'}</p>
            </TableCell>
            <TableCell className={cn(FACILITY, 'max-w-36 leading-tight @7xl:max-w-44')}>
              <p className="truncate">{claim.facilityName ?? <Muted>Not chosen</Muted>}</p>
              {/* Until the assignee has a column of its own. */}
              <p className="text-muted-foreground truncate text-xs @7xl:hidden">
                {claim.assignee?.name ?? 'Unassigned'}
              </p>
            </TableCell>
            <TableCell className={cn(ASSIGNEE, 'max-w-36 truncate')}>
              {claim.assignee ? (
                <span title={`@${claim.assignee.username}`}>{claim.assignee.name}</span>
              ) : (
                <Muted>Unassigned</Muted>
              )}
            </TableCell>
            <TableCell>
              <CalendarDate date={claim.lossDate} />
            </TableCell>
            <TableCell className="leading-tight">
              <EtaDate claim={claim} />
              {/* Until the downtime has a column of its own. */}
              <p className="text-muted-foreground text-xs whitespace-nowrap @7xl:hidden">
                {downtimeText(claim.downtimeDays)} down
              </p>
            </TableCell>
            <TableCell className={cn(DOWNTIME, 'tabular-nums')}>{downtimeText(claim.downtimeDays)}</TableCell>
            <TableCell className="text-muted-foreground pr-4">
              <UpdatedAt at={claim.updatedAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
