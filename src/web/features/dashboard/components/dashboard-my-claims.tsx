import { Link } from 'wouter';
import type { DashboardSummary } from '@shared/dashboard';

import { CardHeading } from '../../../components/card-heading';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { claimsListHref } from '../api/get-dashboard-summary';
import { EtaDate, PriorityFlag, vehicleDescription, ClaimStatusBadge } from '../../claims';
import { countOf } from './dashboard-figures';

/** The user's open claims: the few updated last, and a link to all of them. */
export function DashboardMyClaims({ myClaims }: { myClaims: DashboardSummary['myClaims'] }) {
  const { open, items } = myClaims;
  return (
    <Card role="region" aria-labelledby="dashboard-mine-heading" className="gap-4">
      <CardHeading
        id="dashboard-mine-heading"
        title="My open claims"
        description={
          <>
            {open.count === 0
              ? 'No open claim is assigned to you.'
              : `${countOf(open.count, 'claim')} assigned to you; the latest updated first.`}
          </>
        }
      />
      {items.length > 0 && (
        <CardContent>
          <ul className="divide-y" aria-label="My open claims, latest updated first">
            {items.map((claim) => {
              const description = vehicleDescription(claim.vehicle);
              return (
                <li
                  key={claim.id}
                  className="hover:bg-muted/50 focus-within:ring-ring/50 relative -mx-2 grid gap-1 rounded-md px-2 py-2.5 focus-within:ring-[3px]"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      href={`/vehicles/${claim.id}`}
                      className="text-primary font-medium outline-none after:absolute after:inset-0 hover:underline"
                    >
                      {claim.claimNumber}
                    </Link>
                    <ClaimStatusBadge status={claim.status} />
                  </div>
                  <p className="truncate text-sm">
                    <span className="font-medium">{claim.vehicle.unitNumber}</span>
                    {description && <span className="text-muted-foreground"> · {description}</span>}
                  </p>
                  <p className="text-muted-foreground flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                    <span>{claim.companyName}</span>
                    <span aria-hidden="true">·</span>
                    <span className="inline-flex items-center gap-1">
                      ETA <EtaDate claim={claim} />
                    </span>
                    <PriorityFlag priority={claim.priority} />
                  </p>
                </li>
              );
            })}
          </ul>
        </CardContent>
      )}
      {open.count > 0 && (
        <CardFooter>
          <Link
            href={claimsListHref(open.filter)}
            className="text-primary text-sm font-medium underline-offset-4 hover:underline"
          >
            {open.count === 1
              ? 'View my open claim in All Claims'
              : `View all ${open.count.toLocaleString('en-US')} of my open claims`}
          </Link>
        </CardFooter>
      )}
    </Card>
  );
}

export function DashboardMyClaimsSkeleton() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading my open claims" className="gap-4">
      <CardHeader>
        <Skeleton className="h-5 w-36" />
        <Skeleton className="h-4 w-48" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}
