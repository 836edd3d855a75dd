import { CircleAlertIcon } from 'lucide-react';
import { Link } from 'wouter';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  CollapsibleCard,
  CollapsibleCardContent,
  CollapsibleCardTitle,
} from '../../../components/collapsible-card';
import { CardDescription, CardHeader } from '../../../components/ui/card';
import { useRememberedOpen } from '../../../hooks/use-remembered-open';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCalendarDate } from '../../../lib/format-calendar-date';
import { useRelatedClaims } from '../api/get-related-claims';
import { ClaimStatusBadge } from './claim-status-badge';

/** The vehicle's other claims, newest first as the server sends them: its repair history. */
export function RelatedClaims({ claimId, unitNumber }: { claimId: string; unitNumber: string }) {
  const related = useRelatedClaims(claimId);
  const [open, setOpen] = useRememberedOpen('claim-related');

  return (
    <CollapsibleCard headingId="claim-related-heading" open={open} onOpenChange={setOpen} className="gap-4">
      <CardHeader>
        <CollapsibleCardTitle id="claim-related-heading">Other claims for this vehicle</CollapsibleCardTitle>
        <CardDescription>Unit {unitNumber}’s repair history.</CardDescription>
      </CardHeader>
      <CollapsibleCardContent>
        {related.isPending ? (
          <Skeleton className="h-12 w-full" aria-label="Loading other claims" />
        ) : related.isError ? (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The other claims could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{related.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() => void related.refetch()}
                disabled={related.isFetching}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : related.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">This is the vehicle’s only claim.</p>
        ) : (
          <ul className="divide-y" aria-label="Other claims">
            {related.data.map((other) => (
              <li
                key={other.id}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <Link
                    href={`/vehicles/${other.id}`}
                    className="text-primary font-medium underline-offset-4 hover:underline"
                  >
                    {other.claimNumber}
                  </Link>
                  <p className="text-muted-foreground text-xs">
                    {other.workflow === 'collision' ? 'Collision' : 'Mechanical'} · loss on{' '}
                    {formatCalendarDate(other.lossDate)}
                    {other.facilityName && ` · ${other.facilityName}`}
                  </p>
                </div>
                <ClaimStatusBadge status={other.status} />
              </li>
            ))}
          </ul>
        )}
      </CollapsibleCardContent>
    </CollapsibleCard>
  );
}
