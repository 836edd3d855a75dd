import { ArrowRightIcon, CircleAlertIcon } from 'lucide-react';
import { actedByName, type StatusHistoryEntry } from '@shared/claims';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  CollapsibleCard,
  CollapsibleCardContent,
  CollapsibleCardTitle,
} from '../../../components/collapsible-card';
import { CardHeader } from '../../../components/ui/card';
import { useRememberedOpen } from '../../../hooks/use-remembered-open';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClaimHistory } from '../api/get-claim-history';
import { ClaimStatusBadge } from './claim-status-badge';
import { RelativeTime } from './relative-time';

/**
 * "by Maria Manager", "by Alex Admin as Maria Manager" when an admin acted as that user, or "by API: Nightly sync
 * (Alex Admin)" when another system moved the claim with Alex's token.
 */
export function actorLine(
  entry: Pick<StatusHistoryEntry, 'actor' | 'impersonator'> & { via?: string | null },
): string {
  const name = actedByName(entry.actor, entry.impersonator, 'a deleted user');
  if (!entry.via) return `by ${name}`;
  // A shop's link acts for no one of ours; an API token for the user who made it.
  return entry.actor ? `by ${entry.via} (${name})` : `by ${entry.via}`;
}

function HistoryEntry({ entry }: { entry: StatusHistoryEntry }) {
  return (
    <li className="relative grid gap-1 pb-5 pl-6 last:pb-0">
      <span
        aria-hidden="true"
        className="bg-primary ring-background absolute top-1.5 left-0 size-2.5 rounded-full ring-4"
      />
      <p className="flex flex-wrap items-center gap-1.5 text-sm">
        {entry.fromStatus ? (
          <>
            <ClaimStatusBadge status={entry.fromStatus} />
            <ArrowRightIcon className="text-muted-foreground size-3.5" aria-label="to" />
            <ClaimStatusBadge status={entry.toStatus} />
          </>
        ) : (
          <>
            <span>Opened as</span>
            <ClaimStatusBadge status={entry.toStatus} />
          </>
        )}
      </p>
      <p className="text-muted-foreground text-xs">
        {actorLine(entry)} · <RelativeTime date={entry.createdAt} />
      </p>
      {entry.note && <p className="text-sm break-words whitespace-pre-wrap">{entry.note}</p>}
    </li>
  );
}

/** Every move of the claim, newest first. */
export function StatusHistory({ claimId }: { claimId: string }) {
  const history = useClaimHistory(claimId);
  const [open, setOpen] = useRememberedOpen('claim-history');

  return (
    <CollapsibleCard headingId="claim-history-heading" open={open} onOpenChange={setOpen} className="gap-4">
      <CardHeader>
        <CollapsibleCardTitle id="claim-history-heading">Status history</CollapsibleCardTitle>
      </CardHeader>
      <CollapsibleCardContent>
        {history.isPending ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the status history">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : history.isError ? (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The history could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{history.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() => void history.refetch()}
                disabled={history.isFetching}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : history.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No status changes recorded yet.</p>
        ) : (
          <ol
            aria-label="Status changes, newest first"
            className="before:bg-border relative before:absolute before:top-2 before:bottom-2 before:left-[4.5px] before:w-px"
          >
            {[...history.data].reverse().map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </CollapsibleCardContent>
    </CollapsibleCard>
  );
}
