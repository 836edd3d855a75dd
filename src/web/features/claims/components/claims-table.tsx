import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ClaimListItem } from '@shared/claims';
import { formatCents } from '@shared/money';
import type { VisibilityState } from '@tanstack/react-table';

import { DataTable, DataTableSkeleton, type DataColumn } from '../../../components/data-list';
import type { ClaimsFilter } from '../api/get-claims';
import { ClaimStatusBadge } from './claim-status-badge';
import {
  CalendarDate,
  CLAIM_GROUP,
  ClippedText,
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
 * Every column the user chose shows at every width: where they do not fit, the table scrolls sideways, with a
 * hint at the edge that has columns out of sight (`DataTable`'s `scrollHints`). Long names are cut to a
 * width and shown whole on hover and keyboard focus (`ClippedText`).
 */
const NAME_WIDTH = 'max-w-44 leading-tight';
const MONEY = 'text-right';

/** The direction a column sorts in first: newest and biggest first, except ETA (soonest) and status (in work order). */
const FIRST_ORDER: Record<SortKey, ClaimsFilter['order']> = {
  number: 'desc',
  updatedAt: 'desc',
  createdAt: 'desc',
  lossDate: 'desc',
  eta: 'asc',
  status: 'asc',
  priority: 'desc',
  estimateAmount: 'desc',
  approvedAmount: 'desc',
  finalAmount: 'desc',
};

/** Clicking a column's header sorts by it; clicking it again reverses the order. */
export function nextSort(current: ClaimsSort, key: SortKey): ClaimsSort {
  if (current.sort === key) return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: key, order: FIRST_ORDER[key] };
}

const MUTED_HEAD = 'text-muted-foreground';

/** An amount column: right-aligned, sortable (claims without the amount last), hideable. */
function moneyColumn(
  id: 'estimateAmount' | 'approvedAmount' | 'finalAmount',
  header: string,
  cents: (claim: ClaimListItem) => number | null,
  { hiddenByDefault = false } = {},
): DataColumn<ClaimListItem> {
  return {
    id,
    header,
    menuLabel: `${header} amount`,
    sortable: true,
    hideable: true,
    hiddenByDefault,
    className: MONEY,
    cellClassName: 'tabular-nums whitespace-nowrap',
    skeleton: ['ml-auto h-4 w-16'],
    cell: (claim) => {
      const value = cents(claim);
      return value === null ? <Muted>—</Muted> : formatCents(value);
    },
  };
}

/**
 * The columns of All Claims. The claim number is the row's link and stretches over the whole row, so a
 * click anywhere opens the claim, and middle-click, Ctrl+click and the keyboard work as on any link.
 */
export const CLAIM_COLUMNS: DataColumn<ClaimListItem>[] = [
  {
    id: 'number',
    header: 'Claim',
    sortable: true,
    className: 'pl-4',
    skeleton: ['h-4 w-24', 'h-3 w-16'],
    cell: (claim) => (
      <>
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
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    skeleton: ['h-5 w-24'],
    cell: (claim) => <ClaimStatusBadge status={claim.status} />,
  },
  {
    id: 'vehicle',
    hideable: true,
    header: 'Vehicle',
    headerClassName: MUTED_HEAD,
    cellClassName: 'w-full max-w-0 min-w-44',
    skeleton: ['h-4 w-40', 'h-3 w-20'],
    cell: (claim) => <VehicleCell vehicle={claim.vehicle} />,
  },
  {
    id: 'company',
    hideable: true,
    header: 'Company',
    headerClassName: MUTED_HEAD,
    cellClassName: NAME_WIDTH,
    skeleton: ['h-4 w-28', 'h-3 w-20'],
    cell: (claim) => (
      <>
        <ClippedText text={claim.companyName} />
        <ClippedText text={claim.locationName ?? 'No location'} className="text-muted-foreground text-xs" />
      </>
    ),
  },
  {
    id: 'facility',
    hideable: true,
    header: 'Facility',
    headerClassName: MUTED_HEAD,
    cellClassName: NAME_WIDTH,
    skeleton: ['h-4 w-28'],
    cell: (claim) =>
      claim.facilityName ? <ClippedText text={claim.facilityName} /> : <Muted>Not chosen</Muted>,
  },
  {
    id: 'assignee',
    hideable: true,
    header: 'Assignee',
    headerClassName: MUTED_HEAD,
    cellClassName: NAME_WIDTH,
    skeleton: ['h-4 w-24'],
    cell: (claim) =>
      claim.assignee ? (
        <ClippedText text={`${claim.assignee.name} (@${claim.assignee.username})`}>
          {claim.assignee.name}
        </ClippedText>
      ) : (
        <Muted>Unassigned</Muted>
      ),
  },
  {
    id: 'lossDate',
    hideable: true,
    header: 'Loss',
    sortable: true,
    skeleton: ['h-4 w-12'],
    cell: (claim) => <CalendarDate date={claim.lossDate} />,
  },
  {
    id: 'eta',
    hideable: true,
    header: 'ETA',
    sortable: true,
    skeleton: ['h-4 w-12'],
    cell: (claim) => <EtaDate claim={claim} />,
  },
  {
    id: 'downtime',
    hideable: true,
    header: 'Downtime',
    headerClassName: MUTED_HEAD,
    cellClassName: 'tabular-nums',
    skeleton: ['h-4 w-12'],
    cell: (claim) => downtimeText(claim.downtimeDays),
  },
  moneyColumn('estimateAmount', 'Estimate', (claim) => claim.estimateAmountCents),
  moneyColumn('approvedAmount', 'Approved', (claim) => claim.approvedAmountCents),
  moneyColumn('finalAmount', 'Final', (claim) => claim.finalAmountCents, { hiddenByDefault: true }),
  {
    id: 'updatedAt',
    hideable: true,
    header: 'Updated',
    sortable: true,
    className: 'pr-4',
    cellClassName: 'text-muted-foreground',
    skeleton: ['h-4 w-16'],
    cell: (claim) => <UpdatedAt at={claim.updatedAt} />,
  },
];

export function ClaimsTableSkeleton({
  rows = 8,
  columnVisibility,
}: {
  rows?: number;
  columnVisibility?: VisibilityState;
}) {
  return (
    <DataTableSkeleton
      label="Loading claims"
      columns={CLAIM_COLUMNS}
      columnVisibility={columnVisibility}
      rows={rows}
    />
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}

/** The claims of one page; a sortable header sorts by its column, a second click reverses the order. */
export function ClaimsTable({
  claims,
  sort,
  onSort,
  columnVisibility,
}: {
  claims: readonly ClaimListItem[];
  sort: ClaimsSort;
  onSort: (sort: ClaimsSort) => void;
  /** The columns the user chose to hide (`useColumnVisibility`). */
  columnVisibility?: VisibilityState;
}) {
  return (
    <DataTable
      label="Claims"
      columns={CLAIM_COLUMNS}
      columnVisibility={columnVisibility}
      rows={claims}
      rowId={(claim) => claim.id}
      className={`has-[a:focus-visible]:bg-muted/60 relative cursor-pointer ${CLAIM_GROUP}`}
      scrollHints
      sort={{ column: sort.sort, order: sort.order }}
      onSort={(column) => onSort(nextSort(sort, column as SortKey))}
    />
  );
}
