import type { ReactNode } from 'react';
import type { RecordSummary } from '@shared/fleet';
import { Link } from 'wouter';

import { cn } from '../../../lib/utils';

/** The claims-list filter that selects a record's claims. */
export type ClaimsScope = 'companyId' | 'locationId' | 'repairFacilityId';

/** All Claims, filtered to the open claims of one company, location or facility. */
export function openClaimsHref(scope: ClaimsScope, id: string): string {
  return `/vehicles?${scope}=${encodeURIComponent(id)}&open=true`;
}

const days = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "3.5 days", "1 day", or a dash when nothing is open to average. */
export function formatDowntime(averageDays: number | null): string {
  if (averageDays === null) return '—';
  const text = days.format(averageDays);
  return text === '1' ? '1 day' : `${text} days`;
}

export type SummaryFigure = {
  key: keyof RecordSummary;
  label: string;
  value: string;
  describe: string;
  /** The claims behind the figure: all the open ones, or those keeping their vehicle down. */
  claims: 'open' | 'down';
};

/** The record's claims list (`openClaimsHref`) narrowed to the claims behind `figure`. */
export function figureHref(href: string, figure: SummaryFigure): string {
  if (figure.claims === 'open') return href;
  const [path, query = ''] = href.split('?');
  const params = new URLSearchParams(query);
  params.delete('open');
  params.set('down', 'true');
  return `${path}?${params}`;
}

/** The three figures of a record, worded for display and for screen readers. */
export function summaryFigures(summary: RecordSummary, name: string): SummaryFigure[] {
  const { openClaims, vehiclesDown, averageDowntimeDays } = summary;
  return [
    {
      key: 'openClaims',
      label: 'Open claims',
      value: String(openClaims),
      describe: `${openClaims} open ${openClaims === 1 ? 'claim' : 'claims'} at ${name}`,
      claims: 'open',
    },
    {
      key: 'vehiclesDown',
      label: 'Vehicles down',
      value: String(vehiclesDown),
      describe: `${vehiclesDown} ${vehiclesDown === 1 ? 'vehicle' : 'vehicles'} down at ${name}`,
      claims: 'down',
    },
    {
      key: 'averageDowntimeDays',
      label: 'Avg. downtime',
      value: formatDowntime(averageDowntimeDays),
      describe:
        averageDowntimeDays === null
          ? `No downtime at ${name}`
          : `Average downtime ${formatDowntime(averageDowntimeDays)} at ${name}`,
      // The average is over the open claims.
      claims: 'open',
    },
  ];
}

const linkClass =
  'rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * One figure: a link to the claims behind it while there are open claims (a zero leads nowhere useful).
 * Clicks stop here, so following the link does not also open the row it sits in.
 */
export function SummaryLink({
  figure,
  href,
  className,
  children,
}: {
  figure: SummaryFigure;
  /** Where the figure leads, or null when there is nothing to see. */
  href: string | null;
  className?: string;
  children?: ReactNode;
}) {
  const content = children ?? figure.value;
  if (!href) {
    return (
      <span className={cn('text-muted-foreground', className)} aria-label={figure.describe}>
        {content}
      </span>
    );
  }
  return (
    <Link
      href={figureHref(href, figure)}
      aria-label={figure.describe}
      title="View these claims"
      onClick={(event) => event.stopPropagation()}
      className={cn(linkClass, 'text-primary font-medium', className)}
    >
      {content}
    </Link>
  );
}

/** The figures as small tiles: on a phone's card and in the detail view. */
export function SummaryTiles({
  summary,
  name,
  href,
  className,
}: {
  summary: RecordSummary;
  name: string;
  href: string;
  className?: string;
}) {
  const target = summary.openClaims > 0 ? href : null;
  return (
    <dl className={cn('grid grid-cols-3 gap-2', className)}>
      {summaryFigures(summary, name).map((figure) => (
        <div key={figure.key} className="bg-muted/40 grid gap-0.5 rounded-lg border px-3 py-2">
          <dt className="text-muted-foreground text-xs">{figure.label}</dt>
          <dd className="text-base font-semibold tabular-nums">
            <SummaryLink figure={figure} href={target} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
