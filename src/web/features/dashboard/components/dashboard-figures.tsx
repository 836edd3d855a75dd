import type { ReactNode } from 'react';
import { CarFrontIcon, ClipboardListIcon, ClockAlertIcon, FileCheck2Icon, TimerIcon } from 'lucide-react';
import { Link } from 'wouter';
import { CYCLE_TIME_WINDOW_DAYS, type DashboardSummary } from '@shared/dashboard';

import { Skeleton } from '../../../components/ui/skeleton';
import { formatCalendarDate } from '../../../lib/format-calendar-date';
import { cn } from '../../../lib/utils';
import { claimsListHref } from '../api/get-dashboard-summary';
import { WORKFLOW_LABELS } from '../../claims';

const number = new Intl.NumberFormat('en-US');

/** "1 claim", "12 claims". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${number.format(count)} ${count === 1 ? one : many}`;
}

/**
 * Five figures without holes: one column on a narrow phone, two from 420 px (the last across both), three
 * then two from 1024 px, and all five in a row from 1536 px.
 */
const FIGURES_GRID = 'grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-6 2xl:grid-cols-5';
const NARROW = 'lg:col-span-2 2xl:col-span-1';
const WIDE = 'lg:col-span-3 2xl:col-span-1';
const SPANS = [NARROW, NARROW, NARROW, WIDE, `${WIDE} min-[420px]:col-span-2`];

const TONES = {
  neutral: 'bg-primary/10 text-primary',
  warning: 'bg-amber-100 text-amber-800',
  danger: 'bg-destructive/10 text-destructive',
  calm: 'bg-muted text-muted-foreground',
} as const;

/**
 * One figure: what it is, the number, a line of context, and a link to the claims it counts. The link is
 * stretched over the card, so the whole card opens the list; its text says what it opens.
 */
function FigureCard({
  id,
  title,
  icon,
  value,
  unit,
  tone = 'neutral',
  children,
  href,
  linkText,
  className,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  value: string;
  unit?: string;
  tone?: keyof typeof TONES;
  children: ReactNode;
  href: string;
  linkText: string;
  className?: string;
}) {
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={cn(
        'bg-card hover:border-primary/40 focus-within:ring-ring/50 relative flex flex-col gap-2 rounded-xl border p-4 shadow-xs transition-colors focus-within:ring-[3px]',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="text-muted-foreground text-sm font-medium">
          {title}
        </h2>
        <span
          aria-hidden="true"
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-lg [&_svg]:size-4',
            TONES[tone],
          )}
        >
          {icon}
        </span>
      </div>
      <p className="text-3xl font-semibold tracking-tight tabular-nums" data-testid={`${id}-value`}>
        {value}
        {unit && (
          <>
            {' '}
            <span className="text-muted-foreground text-base font-normal">{unit}</span>
          </>
        )}
      </p>
      <div className="text-muted-foreground text-sm">{children}</div>
      <Link
        href={href}
        className="text-primary mt-auto pt-1 text-sm font-medium outline-none after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:underline"
      >
        {linkText}
      </Link>
    </article>
  );
}

/**
 * Vehicles and claims are counted apart (a vehicle can have several open claims), so the card says how the
 * two numbers relate rather than show "102" above "141 claims". With no open claim at all (a new fleet) it says
 * that, rather than what every vehicle with one is.
 */
export function vehiclesDownContext(vehicles: number, claims: number, openClaims?: number): string {
  if (vehicles === 0 && openClaims === 0) return 'No open claims, so no vehicle is down.';
  if (vehicles === 0) return 'Every vehicle with an open claim is drivable and not at a shop.';
  const what = 'Not drivable, or dropped off at the shop';
  if (claims === vehicles) return `${what}: one open claim each.`;
  const each = vehicles === 1 ? 'it' : 'them';
  return `${what}: ${countOf(claims, 'open claim')} between ${each}, as some vehicles have more than one.`;
}

export function vehiclesDownLink(vehicles: number, claims: number): string {
  if (vehicles === 0) return 'View claims keeping vehicles down';
  return `View the ${countOf(claims, 'open claim')} on ${vehicles === 1 ? 'this vehicle' : `these ${countOf(vehicles, 'vehicle')}`}`;
}

/** Open claims, vehicles down, overdue ETAs, pending authorizations and the 90-day cycle time. */
export function DashboardFigures({ summary }: { summary: DashboardSummary }) {
  const { open, vehiclesDown, overdue, pendingAuthorizations, cycleTime } = summary;
  const cycleDays = cycleTime.averageDays;
  return (
    <div className={FIGURES_GRID}>
      <FigureCard
        id="figure-open"
        className={SPANS[0]}
        title="Open claims"
        icon={<ClipboardListIcon />}
        value={number.format(open.total.count)}
        href={claimsListHref(open.total.filter)}
        linkText={`View ${countOf(open.total.count, 'open claim')}`}
      >
        {open.workflows
          .map((row) => `${number.format(row.total.count)} ${WORKFLOW_LABELS[row.workflow].toLowerCase()}`)
          .join(' · ')}
      </FigureCard>
      <FigureCard
        id="figure-down"
        className={SPANS[1]}
        title="Vehicles down now"
        icon={<CarFrontIcon />}
        tone={vehiclesDown.vehicles > 0 ? 'warning' : 'calm'}
        value={number.format(vehiclesDown.vehicles)}
        unit={vehiclesDown.vehicles === 1 ? 'vehicle' : 'vehicles'}
        href={claimsListHref(vehiclesDown.claims.filter)}
        linkText={vehiclesDownLink(vehiclesDown.vehicles, vehiclesDown.claims.count)}
      >
        {vehiclesDownContext(vehiclesDown.vehicles, vehiclesDown.claims.count, open.total.count)}
      </FigureCard>
      <FigureCard
        id="figure-overdue"
        className={SPANS[2]}
        title="Overdue ETAs"
        icon={<ClockAlertIcon />}
        tone={overdue.count > 0 ? 'danger' : 'calm'}
        value={number.format(overdue.count)}
        href={claimsListHref(overdue.filter)}
        linkText={`View ${countOf(overdue.count, 'overdue claim')}`}
      >
        Open claims past their estimated completion.
      </FigureCard>
      <FigureCard
        id="figure-authorizations"
        className={SPANS[3]}
        title="Pending authorizations"
        icon={<FileCheck2Icon />}
        tone={pendingAuthorizations.count > 0 ? 'warning' : 'calm'}
        value={number.format(pendingAuthorizations.count)}
        href={claimsListHref(pendingAuthorizations.filter)}
        linkText={`View ${countOf(pendingAuthorizations.count, 'claim')} awaiting authorization`}
      >
        Mechanical repairs waiting for approval.
      </FigureCard>
      <FigureCard
        id="figure-cycle"
        className={SPANS[4]}
        title={`Average cycle time (${CYCLE_TIME_WINDOW_DAYS} days)`}
        icon={<TimerIcon />}
        value={cycleDays === null ? '—' : cycleDays.toFixed(1)}
        unit={cycleDays === null ? undefined : cycleDays === 1 ? 'day' : 'days'}
        href={claimsListHref(cycleTime.completed.filter)}
        linkText={`View ${countOf(cycleTime.completed.count, 'claim')} completed since ${formatCalendarDate(cycleTime.since)}`}
      >
        {cycleDays === null ? (
          <>No claim completed in the last {CYCLE_TIME_WINDOW_DAYS} days.</>
        ) : (
          <>
            Report to completion.{' '}
            {cycleTime.workflows
              .filter((row) => row.averageDays !== null)
              .map((row) => `${WORKFLOW_LABELS[row.workflow]} ${row.averageDays!.toFixed(1)} d`)
              .join(' · ')}
          </>
        )}
      </FigureCard>
    </div>
  );
}

export function DashboardFiguresSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the figures" className={FIGURES_GRID}>
      {SPANS.map((span, index) => (
        <div key={index} className={cn('bg-card flex flex-col gap-3 rounded-xl border p-4 shadow-xs', span)}>
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-32" />
        </div>
      ))}
    </div>
  );
}
