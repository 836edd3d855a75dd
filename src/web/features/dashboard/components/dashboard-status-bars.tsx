import { Link } from 'wouter';
import type { DashboardSummary } from '@shared/dashboard';
import { STATUS_LABELS } from '@shared/workflows';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { claimsListHref } from '../api/get-dashboard-summary';
import { WORKFLOW_LABELS, CLAIM_STAGE, type ClaimStage } from '../../claims';
import { countOf } from './dashboard-figures';

/** The bar of a status takes the colour of its stage, as its badge does. */
const BAR_TONES: Record<ClaimStage, string> = {
  intake: 'bg-sky-500',
  decision: 'bg-violet-500',
  repair: 'bg-amber-500',
  ready: 'bg-emerald-500',
  done: 'bg-success',
  paused: 'bg-orange-500',
  stopped: 'bg-destructive',
};

const ROW =
  'grid grid-cols-[minmax(0,11rem)_minmax(0,1fr)_3rem] items-center gap-3 rounded-md px-2 py-1.5 text-sm';

type WorkflowRow = DashboardSummary['open']['workflows'][number];

function WorkflowBars({ row, largest }: { row: WorkflowRow; largest: number }) {
  const workflow = WORKFLOW_LABELS[row.workflow];
  const headingId = `dashboard-status-${row.workflow}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <div className="mb-2 flex items-baseline gap-3 px-2">
        <h3 id={headingId} className="font-medium">
          {workflow}
        </h3>
        <span className="text-muted-foreground ml-auto text-sm tabular-nums">
          {row.total.count.toLocaleString('en-US')} open
        </span>
        <Link
          href={claimsListHref(row.total.filter)}
          aria-label={`View all ${countOf(row.total.count, `open ${workflow.toLowerCase()} claim`)}`}
          className="text-primary text-sm font-medium whitespace-nowrap underline-offset-4 hover:underline"
        >
          View all
        </Link>
      </div>
      <ul className="grid gap-0.5">
        {row.statuses.map((status) => {
          const label = STATUS_LABELS[status.status];
          // Any claim at all shows as a sliver, so a small count is not mistaken for none.
          const width = status.count === 0 ? 0 : Math.max(2, (status.count / largest) * 100);
          const content = (
            <>
              <span className="truncate">{label}</span>
              <span aria-hidden="true" className="bg-muted h-2.5 overflow-hidden rounded-full">
                <span
                  className={cn('block h-full rounded-full', BAR_TONES[CLAIM_STAGE[status.status]])}
                  style={{ width: `${width}%` }}
                />
              </span>
              <span className="text-right font-medium tabular-nums">
                {' '}
                {status.count.toLocaleString('en-US')}
              </span>
              {/* The name is what the row shows, then where it leads (no aria-label that would differ from it). */}
              {status.count > 0 && (
                <span className="sr-only">
                  : view {status.count === 1 ? 'this' : 'these'} {workflow.toLowerCase()}{' '}
                  {status.count === 1 ? 'claim' : 'claims'}
                </span>
              )}
            </>
          );
          return (
            <li key={status.status}>
              {status.count > 0 ? (
                <Link
                  href={claimsListHref(status.filter)}
                  className={cn(
                    ROW,
                    'hover:bg-muted/60 focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]',
                  )}
                >
                  {content}
                </Link>
              ) : (
                <div className={cn(ROW, 'text-muted-foreground')}>{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Open claims of each workflow by status, as bars on one scale; each bar opens its claims. */
export function DashboardStatusBars({ summary }: { summary: DashboardSummary }) {
  const largest = Math.max(
    1,
    ...summary.open.workflows.flatMap((row) => row.statuses.map((status) => status.count)),
  );
  return (
    <Card role="region" aria-labelledby="dashboard-status-heading" className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 id="dashboard-status-heading">Open claims by status</h2>
        </CardTitle>
        <CardDescription>
          {summary.open.total.count === 0
            ? 'No open claims: every repair is finished.'
            : 'Where the open work stands in each workflow.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 px-4 lg:grid-cols-2 lg:gap-10">
        {summary.open.workflows.map((row) => (
          <WorkflowBars key={row.workflow} row={row} largest={largest} />
        ))}
      </CardContent>
    </Card>
  );
}

export function DashboardStatusBarsSkeleton() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading the open claims by status" className="gap-4">
      <CardHeader>
        <Skeleton className="h-5 w-44" />
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        {[0, 1].map((column) => (
          <div key={column} className="grid gap-2.5">
            {Array.from({ length: 7 }, (_, index) => (
              <Skeleton key={index} className="h-5 w-full" />
            ))}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
