import { Link } from 'wouter';
import type { ClaimListItem } from '@shared/claims';

import { Skeleton } from '../../../components/ui/skeleton';
import { ClaimStatusBadge } from './claim-status-badge';
import {
  CalendarDate,
  downtimeText,
  EtaDate,
  PriorityFlag,
  UpdatedAt,
  vehicleDescription,
  vinTail,
  WORKFLOW_LABELS,
} from './claim-list-cells';

export function ClaimsCardsSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ul aria-busy="true" aria-label="Loading claims" className="divide-y">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="grid gap-2 p-4">
          <div className="flex justify-between">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-5 w-24" />
          </div>
          <Skeleton className="h-4 w-52" />
          <Skeleton className="h-3 w-40" />
        </li>
      ))}
    </ul>
  );
}

/** Below 768 px: one card per claim, the whole card a link to it. */
export function ClaimsCards({ claims }: { claims: readonly ClaimListItem[] }) {
  return (
    <ul aria-label="Claims" className="divide-y">
      {claims.map((claim) => {
        const description = vehicleDescription(claim.vehicle);
        return (
          <li key={claim.id}>
            <Link
              href={`/vehicles/${claim.id}`}
              className="hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:ring-ring/50 block p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-inset"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-1.5">
                    <span className="font-medium">{claim.claimNumber}</span>
                    <PriorityFlag priority={claim.priority} />
                  </p>
                  <p className="text-muted-foreground text-xs">{WORKFLOW_LABELS[claim.workflow]}</p>
                </div>
                <ClaimStatusBadge status={claim.status} />
              </div>
              <p className="mt-2 truncate text-sm">
                <span className="font-medium">{claim.vehicle.unitNumber}</span>
                {description && <span className="text-muted-foreground"> · {description}</span>}
                <span className="text-muted-foreground font-mono text-xs">
                  {' '}
                  …{vinTail(claim.vehicle.vin)}
                </span>
              </p>
              <p className="text-muted-foreground truncate text-sm">
                {[claim.companyName, claim.locationName].filter(Boolean).join(' · ')}
              </p>
              <p className="text-muted-foreground truncate text-sm">
                {claim.facilityName ?? 'No facility yet'} · {claim.assignee?.name ?? 'Unassigned'}
              </p>
              <dl className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
                <div className="flex gap-1">
                  <dt>Loss</dt>
                  <dd className="text-foreground">
                    <CalendarDate date={claim.lossDate} />
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>ETA</dt>
                  <dd className="text-foreground">
                    <EtaDate claim={claim} />
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Down</dt>
                  <dd className="text-foreground">{downtimeText(claim.downtimeDays)}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Updated</dt>
                  <dd className="text-foreground">
                    <UpdatedAt at={claim.updatedAt} />
                  </dd>
                </div>
              </dl>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
