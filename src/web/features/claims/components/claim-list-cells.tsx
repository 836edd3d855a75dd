import type { ReactNode } from 'react';
import { TriangleAlertIcon, ChevronsUpIcon } from 'lucide-react';
import type { ClaimListItem } from '@shared/claims';
import { PRIORITY_LABELS } from '@shared/claims';
import { isOpenStatus, type Workflow } from '@shared/workflows';

import { formatCalendarDate, formatCalendarDateLong, todayIsoDate } from '../../../lib/format-calendar-date';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';

export const WORKFLOW_LABELS: Record<Workflow, string> = {
  collision: 'Collision',
  mechanical: 'Mechanical',
};

/** The group class of a claim's row (`tr`) or card (`a`): its cut texts show whole while it has keyboard focus. */
export const CLAIM_GROUP = 'group/claim';

/**
 * One line of text cut to its width with an ellipsis: the whole of it is its title on hover, and it wraps to
 * show in full while its row or card has keyboard focus (`CLAIM_GROUP`).
 */
export function ClippedText({
  text,
  className,
  children,
}: {
  /** The whole value, as the title. */
  text: string;
  className?: string;
  /** What shows, when it is more than the plain text (a part in bold). */
  children?: ReactNode;
}) {
  return (
    <p
      title={text}
      className={cn(
        'truncate group-focus-visible/claim:whitespace-normal group-has-[a:focus-visible]/claim:whitespace-normal',
        'group-focus-visible/claim:wrap-anywhere group-has-[a:focus-visible]/claim:wrap-anywhere',
        className,
      )}
    >
      {children ?? text}
    </p>
  );
}

/** "2021 Ford Transit 250", or what is known of it. */
export function vehicleDescription(vehicle: Pick<ClaimListItem['vehicle'], 'year' | 'make' | 'model'>) {
  return [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
}

/** The last 8 characters of a VIN: the serial part people read off a dashboard plate. */
export function vinTail(vin: string): string {
  return vin.slice(-8);
}

/** High and urgent claims carry a flag; low and normal ones read as the default. */
export function PriorityFlag({ priority }: { priority: ClaimListItem['priority'] }) {
  if (priority !== 'high' && priority !== 'urgent') return null;
  return (
    <span
      title={`${PRIORITY_LABELS[priority]} priority`}
      className={cn(
        'inline-flex items-center gap-0.5 rounded px-1 text-[10px] leading-4 font-semibold uppercase',
        priority === 'urgent' ? 'bg-destructive/10 text-destructive' : 'bg-amber-100 text-amber-800',
      )}
    >
      <ChevronsUpIcon className="size-3" aria-hidden="true" />
      {PRIORITY_LABELS[priority]}
    </span>
  );
}

/** Unit · year make model, with the VIN's tail below. */
export function VehicleCell({ vehicle }: { vehicle: ClaimListItem['vehicle'] }) {
  return (
    <div className="min-w-0 leading-tight">
      <VehicleLine vehicle={vehicle} />
      <p className="text-muted-foreground truncate font-mono text-xs" title={`VIN ${vehicle.vin}`}>
        <span className="sr-only">VIN ending </span>…{vinTail(vehicle.vin)}
      </p>
    </div>
  );
}

/** "TRK-101 · 2021 Ford Transit 250", cut to its width; the VIN's tail after it with `withVinTail`. */
export function VehicleLine({
  vehicle,
  className,
  withVinTail = false,
}: {
  vehicle: ClaimListItem['vehicle'];
  className?: string;
  withVinTail?: boolean;
}) {
  const description = vehicleDescription(vehicle);
  const text = [vehicle.unitNumber, description].filter(Boolean).join(' · ');
  return (
    <ClippedText text={withVinTail ? `${text} · VIN ${vehicle.vin}` : text} className={className}>
      <span className="font-medium">{vehicle.unitNumber}</span>
      {description && <span className="text-muted-foreground"> · {description}</span>}
      {withVinTail && (
        <span className="text-muted-foreground font-mono text-xs"> …{vinTail(vehicle.vin)}</span>
      )}
    </ClippedText>
  );
}

export function CalendarDate({ date }: { date: string | null }) {
  if (!date) return <span className="text-muted-foreground">—</span>;
  return (
    <time dateTime={date} title={formatCalendarDateLong(date)} className="whitespace-nowrap">
      {formatCalendarDate(date)}
    </time>
  );
}

/** The estimated completion; an open claim past it is marked overdue. */
export function EtaDate({ claim }: { claim: Pick<ClaimListItem, 'eta' | 'status'> }) {
  const overdue = claim.eta !== null && isOpenStatus(claim.status) && claim.eta < todayIsoDate();
  if (!overdue) return <CalendarDate date={claim.eta} />;
  return (
    <span className="text-destructive inline-flex items-center gap-1 font-medium">
      <TriangleAlertIcon className="size-3.5" aria-hidden="true" />
      <CalendarDate date={claim.eta} />
      <span className="sr-only">(overdue)</span>
    </span>
  );
}

export function downtimeText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

export function UpdatedAt({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className="whitespace-nowrap">
      {formatRelativeTime(at)}
    </time>
  );
}
