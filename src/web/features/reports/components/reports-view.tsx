import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import {
  customPeriodIssues,
  reportFilterFieldsSchema,
  REPORT_DAYS_ORDER_MESSAGE,
  REPORT_RANGE_LABELS,
  type ReportCount,
  type ReportHeadline,
} from '@shared/reports';
import type { CompanySummary } from '@shared/users';

import { ListLoadError, useUrlFilters } from '../../../components/data-list';
import { Skeleton } from '../../../components/ui/skeleton';
import type { AssigneeOption } from '../../claims';
import { reportClaimsHref, useReport } from '../api/get-report';
import { ReportFilterBar, type ReportFilterChange } from './report-filter-bar';
import { ReportPdfButton } from './report-pdf-button';
import { ReportSubscribeDialog } from './report-subscribe-dialog';
import { ReportSubscriptionsList } from './report-subscriptions-list';
import { formatDays, ReportSections } from './report-sections';
import { figuresAsOf } from '../lib/figures-as-of';

const OPTIONS = { positionKeys: [] as const, pushHistory: true };

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The change from the previous period, as "+12%" (or "new" from nothing). */
function Change({
  now,
  before,
  lowerIsBetter = false,
}: {
  now: number | null;
  before: number | null;
  lowerIsBetter?: boolean;
}) {
  if (now === null || before === null)
    return <span className="text-muted-foreground text-xs">no earlier figure</span>;
  if (before === 0)
    return <span className="text-muted-foreground text-xs">{now === 0 ? 'unchanged' : 'none before'}</span>;
  const change = (now - before) / before;
  const better = lowerIsBetter ? change < 0 : change > 0;
  const text = `${change > 0 ? '+' : ''}${(change * 100).toFixed(0)}% vs previous period`;
  return (
    <span
      className={
        change === 0
          ? 'text-muted-foreground text-xs'
          : better
            ? 'text-success text-xs font-medium'
            : 'text-destructive text-xs font-medium'
      }
    >
      {text}
    </span>
  );
}

function Figure({
  label,
  value,
  figure,
  change,
}: {
  label: string;
  value: string;
  figure?: ReportCount;
  change?: ReactNode;
}) {
  return (
    <div className="bg-card grid gap-1 rounded-xl border p-4">
      <span className="text-muted-foreground text-sm">{label}</span>
      {figure ? (
        <Link
          href={reportClaimsHref(figure.filter)}
          className="text-2xl font-semibold tabular-nums underline-offset-4 hover:underline"
        >
          {value}
        </Link>
      ) : (
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
      )}
      {change}
    </div>
  );
}

function Headline({ headline, previous }: { headline: ReportHeadline; previous: ReportHeadline | null }) {
  const compare = previous !== null;
  return (
    <section aria-label="Headline figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label="Claims"
        value={headline.claims.count.toLocaleString('en-US')}
        figure={headline.claims}
        change={
          compare && <Change now={headline.claims.count} before={previous.claims.count} lowerIsBetter />
        }
      />
      <Figure
        label="Completed"
        value={headline.completed.count.toLocaleString('en-US')}
        figure={headline.completed}
        change={compare && <Change now={headline.completed.count} before={previous.completed.count} />}
      />
      <Figure
        label="Median cycle time"
        value={formatDays(headline.medianCycleDays)}
        change={
          compare && <Change now={headline.medianCycleDays} before={previous.medianCycleDays} lowerIsBetter />
        }
      />
      <Figure
        label="Spend (final amounts)"
        value={formatCents(headline.spendCents)}
        change={compare && <Change now={headline.spendCents} before={previous.spendCents} lowerIsBetter />}
      />
    </section>
  );
}

/**
 * The reports (`/reports`): one filter bar kept in the address, the headline figures (with the previous period
 * beside them when asked), then every section as a chart with its table and a CSV. Every count links to All
 * Claims listing exactly the claims it counts.
 */
export function ReportsView({
  companies,
  currentUser,
  canListLocations,
}: {
  companies: readonly CompanySummary[];
  currentUser: AssigneeOption;
  canListLocations: boolean;
}) {
  const { filter, setFilter } = useUrlFilters(reportFilterFieldsSchema, OPTIONS);
  // The server's own rule for a custom period (src/shared/report-dates.ts): the same periods refused, in its words.
  const [issue] = customPeriodIssues(filter);
  const incomplete = issue !== undefined;
  const report = useReport(filter, !incomplete);
  const onChange = (change: ReportFilterChange) => setFilter(change);
  const data = report.data;
  return (
    <div className="grid gap-6">
      <ReportFilterBar
        filter={filter}
        onChange={onChange}
        companies={companies}
        currentUser={currentUser}
        canListLocations={canListLocations}
      />
      {incomplete ? (
        <p className="text-muted-foreground text-sm" role="status">
          {!filter.from || !filter.to
            ? 'Choose the first and last day of the custom period.'
            : issue?.message === REPORT_DAYS_ORDER_MESSAGE
              ? `${REPORT_DAYS_ORDER_MESSAGE}: the custom period ends before it starts.`
              : `${issue?.message}.`}
        </p>
      ) : report.isError ? (
        <ListLoadError
          title="The report could not be loaded"
          message={report.error.message}
          retrying={report.isFetching}
          onRetry={() => void report.refetch()}
          className=""
        />
      ) : !data ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the report">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-80 w-full" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : (
        <div className="grid gap-6" aria-busy={report.isFetching || undefined}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted-foreground text-sm" role="status">
              {/* While another period loads, the figures shown are the last one's: no range name over them. */}
              {report.isPlaceholderData
                ? 'Updating the report… Showing '
                : `${REPORT_RANGE_LABELS[filter.range]}: `}
              {longDate(data.meta.span.from)} – {longDate(data.meta.span.to)}, by{' '}
              {filter.dateField === 'completed' ? 'completion' : 'report'} date
              {data.meta.previous &&
                ` (compared with ${longDate(data.meta.previousSpan.from)} – ${longDate(data.meta.previousSpan.to)})`}
              {` · ${figuresAsOf(data.meta.asOf)}`}
            </p>
            <div className="flex flex-wrap gap-2">
              <ReportSubscribeDialog
                filter={filter}
                names={{
                  company: companies.find((company) => company.id === filter.companyId)?.name ?? null,
                }}
              />
              <ReportPdfButton filter={filter} />
            </div>
          </div>
          <Headline headline={data.meta.headline} previous={data.meta.previous} />
          <ReportSections report={data} />
        </div>
      )}
      <ReportSubscriptionsList />
    </div>
  );
}
