import { Building2Icon, CircleAlertIcon } from 'lucide-react';
import { Link } from 'wouter';

import { ListEmpty } from '../../../components/data-list';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AddClaimLink } from '../../claims';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { DashboardActivity } from './dashboard-activity';
import { DashboardFigures, DashboardFiguresSkeleton } from './dashboard-figures';
import { DashboardMyClaims, DashboardMyClaimsSkeleton } from './dashboard-my-claims';
import { DashboardStatusBars, DashboardStatusBarsSkeleton } from './dashboard-status-bars';

const PANELS = 'grid items-start gap-4 md:grid-cols-2';

/**
 * The dashboard: figures across the top, the open claims by status below them, then the user's own claims
 * beside the recent activity. The figures and the user's claims come in one answer, the activity in another, so
 * each part loads, fails and retries on its own.
 */
export function DashboardOverview({
  canCreateClaims,
  canManageCompanies,
  startHints = true,
}: {
  canCreateClaims: boolean;
  canManageCompanies: boolean;
  /** Whether to say what to add first (no company, no claim yet): not while the setup checklist says it. */
  startHints?: boolean;
}) {
  const summary = useDashboardSummary();

  if (summary.isPending) {
    return (
      <div className="grid gap-4">
        <DashboardFiguresSkeleton />
        <DashboardStatusBarsSkeleton />
        <div className={PANELS}>
          <DashboardMyClaimsSkeleton />
          <DashboardActivity />
        </div>
      </div>
    );
  }

  if (summary.isError) {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>The figures could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{summary.error.message}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void summary.refetch()}
              disabled={summary.isFetching}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
        <DashboardActivity />
      </div>
    );
  }

  if (summary.data.companies === 0) {
    if (!startHints) return null;
    return (
      <div className="bg-card rounded-xl border">
        <ListEmpty
          icon={<Building2Icon />}
          title={canManageCompanies ? 'No companies yet' : 'You are not linked to a company yet'}
          action={
            canManageCompanies && (
              <Button asChild variant="outline" size="sm">
                <Link href="/companies">Add a company</Link>
              </Button>
            )
          }
        >
          {canManageCompanies
            ? 'Claims belong to a company’s vehicles: add the first company, then its claims show here.'
            : 'The dashboard shows the claims of your companies. Ask an administrator to link you to yours.'}
        </ListEmpty>
      </div>
    );
  }

  const nothingYet = summary.data.open.total.count === 0 && summary.data.cycleTime.completed.count === 0;
  return (
    <div className="grid gap-4">
      {nothingYet && canCreateClaims && startHints && (
        <div className="bg-card flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4">
          <p className="text-sm">
            <span className="font-medium">No open claims.</span>{' '}
            <span className="text-muted-foreground">
              When a vehicle is damaged or breaks down, add a claim.
            </span>
          </p>
          <AddClaimLink />
        </div>
      )}
      <DashboardFigures summary={summary.data} />
      <DashboardStatusBars summary={summary.data} />
      <div className={PANELS}>
        <DashboardMyClaims myClaims={summary.data.myClaims} />
        <DashboardActivity />
      </div>
    </div>
  );
}
