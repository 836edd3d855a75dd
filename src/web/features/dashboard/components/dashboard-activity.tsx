import { ArrowRightIcon, CircleAlertIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { DashboardActivityEntry } from '@shared/dashboard';
import { STATUS_LABELS } from '@shared/workflows';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDashboardActivity } from '../api/get-dashboard-activity';
import { ClaimStatusBadge, RelativeTime, actorLine } from '../../claims';

function ActivityEntry({ entry }: { entry: DashboardActivityEntry }) {
  const move = entry.fromStatus
    ? `moved from ${STATUS_LABELS[entry.fromStatus]} to ${STATUS_LABELS[entry.toStatus]}`
    : `opened as ${STATUS_LABELS[entry.toStatus]}`;
  return (
    <li className="hover:bg-muted/50 focus-within:ring-ring/50 relative -mx-2 grid gap-1 rounded-md px-2 py-2.5 focus-within:ring-[3px]">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <Link
          href={`/vehicles/${entry.claim.id}`}
          aria-label={`${entry.claim.claimNumber}, unit ${entry.claim.unitNumber}: ${move}`}
          className="text-primary font-medium outline-none after:absolute after:inset-0 hover:underline"
        >
          {entry.claim.claimNumber}
        </Link>
        <span className="text-muted-foreground truncate">
          Unit {entry.claim.unitNumber} · {entry.claim.companyName}
        </span>
      </p>
      <p aria-hidden="true" className="flex flex-wrap items-center gap-1.5">
        {entry.fromStatus ? (
          <>
            <ClaimStatusBadge status={entry.fromStatus} />
            <ArrowRightIcon className="text-muted-foreground size-3.5" />
            <ClaimStatusBadge status={entry.toStatus} />
          </>
        ) : (
          <>
            <span className="text-sm">Opened as</span>
            <ClaimStatusBadge status={entry.toStatus} />
          </>
        )}
      </p>
      <p className="text-muted-foreground text-xs">
        {actorLine(entry)} · <RelativeTime date={entry.createdAt} />
      </p>
    </li>
  );
}

/** The latest status changes in the user's companies, each opening its claim. */
export function DashboardActivity() {
  const activity = useDashboardActivity();
  return (
    <Card role="region" aria-labelledby="dashboard-activity-heading" className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 id="dashboard-activity-heading">Recent activity</h2>
        </CardTitle>
        <CardDescription>The latest status changes, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the recent activity">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : activity.isError ? (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The recent activity could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{activity.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() => void activity.refetch()}
                disabled={activity.isFetching}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : activity.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No claim has been reported or moved yet.</p>
        ) : (
          <ol className="divide-y" aria-label="Status changes, newest first">
            {activity.data.items.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
