import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ClaimListItem } from '@shared/claims';
import { formatCents } from '@shared/money';

import { Skeleton } from '../../../components/ui/skeleton';
import { ClaimStatusBadge } from './claim-status-badge';
import {
  CalendarDate,
  CLAIM_GROUP,
  ClippedText,
  downtimeText,
  EtaDate,
  PriorityFlag,
  UpdatedAt,
  VehicleLine,
  WORKFLOW_LABELS,
} from './claim-list-cells';

/** A fact of a card: "Loss Mar 3". */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{term}</dt>
      <dd className="text-foreground">{children}</dd>
    </div>
  );
}

/** The claim's amounts that are known, by name: estimate, approved, final. */
function amountsOf(claim: ClaimListItem) {
  return [
    { term: 'Estimate', cents: claim.estimateAmountCents },
    { term: 'Approved', cents: claim.approvedAmountCents },
    { term: 'Final', cents: claim.finalAmountCents },
  ].filter((amount): amount is { term: string; cents: number } => amount.cents !== null);
}

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
        const amounts = amountsOf(claim);
        return (
          <li key={claim.id}>
            <Link
              href={`/vehicles/${claim.id}`}
              className={`hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:ring-ring/50 block p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-inset ${CLAIM_GROUP}`}
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
              <VehicleLine vehicle={claim.vehicle} withVinTail className="mt-2 text-sm" />
              <ClippedText
                text={[claim.companyName, claim.locationName].filter(Boolean).join(' · ')}
                className="text-muted-foreground text-sm"
              />
              <ClippedText
                text={`${claim.facilityName ?? 'No facility yet'} · ${claim.assignee?.name ?? 'Unassigned'}`}
                className="text-muted-foreground text-sm"
              />
              {amounts.length > 0 && (
                <dl className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs tabular-nums">
                  {amounts.map((amount) => (
                    <Fact key={amount.term} term={amount.term}>
                      {formatCents(amount.cents)}
                    </Fact>
                  ))}
                </dl>
              )}
              <dl className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
                <Fact term="Loss">
                  <CalendarDate date={claim.lossDate} />
                </Fact>
                <Fact term="ETA">
                  <EtaDate claim={claim} />
                </Fact>
                <Fact term="Down">{downtimeText(claim.downtimeDays)}</Fact>
                <Fact term="Updated">
                  <UpdatedAt at={claim.updatedAt} />
                </Fact>
              </dl>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
