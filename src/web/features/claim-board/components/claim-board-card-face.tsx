import type { ReactNode } from 'react';
import { ChevronsUpIcon, ClockIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { ClaimBoardCard } from '@shared/claim-board';
import { PRIORITY_LABELS } from '@shared/claims';
import { shopQuietLabel } from '@shared/shop-quiet';
import { STATUS_LABELS } from '@shared/workflows';

import { formatDateTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';
import { isStale } from '../api/claim-board-cache';
import { PriorityFlag, vehicleDescription, PersonInitials } from '../../claims';

const HOUR_MS = 60 * 60 * 1000;

/** How long a claim has been in its status, short enough for a card: "< 1 h", "5 h", "4 d". */
export function ageInStatus(since: string, now: number): { short: string; long: string } {
  const hours = Math.max(0, Math.floor((now - Date.parse(since)) / HOUR_MS));
  if (hours < 1) return { short: '< 1 h', long: 'less than an hour' };
  if (hours < 24) return { short: `${hours} h`, long: hours === 1 ? '1 hour' : `${hours} hours` };
  const days = Math.floor(hours / 24);
  return { short: `${days} d`, long: days === 1 ? '1 day' : `${days} days` };
}

export type CardFaceProps = {
  card: ClaimBoardCard;
  staleAfterDays: number;
  now: number;
  /** The drag handle and the "Move to" menu, for those who may move the claim. */
  actions?: ReactNode;
  /** False for the copy that follows the pointer: the card on the board keeps the link. */
  linked?: boolean;
  /** Compact columns: claim number, unit and days in status only, for the whole workflow on one screen. */
  compact?: boolean;
  className?: string;
};

/** Days in the status (the stale rule's measure), amber once stale; the whole sentence for screen readers. */
function AgeInStatus({
  card,
  stale,
  staleAfterDays,
  now,
  compact,
}: Pick<CardFaceProps, 'card' | 'staleAfterDays' | 'now' | 'compact'> & { stale: boolean }) {
  const age = ageInStatus(card.statusChangedAt, now);
  return (
    <span
      data-age={age.short}
      className={cn(
        'flex min-w-0 items-center gap-1 tabular-nums',
        compact ? 'truncate' : 'shrink-0',
        stale ? 'font-medium text-amber-800' : 'text-muted-foreground',
      )}
      title={`${STATUS_LABELS[card.status]} since ${formatDateTime(card.statusChangedAt)}; last updated ${formatDateTime(card.updatedAt)}`}
    >
      {!compact && <ClockIcon className="size-3" aria-hidden="true" />}
      <span aria-hidden="true">{age.short}</span>
      <span className="sr-only">
        In {STATUS_LABELS[card.status].toLowerCase()} for {age.long}
        {stale ? `; stale, ${staleAfterDays} days or more in the same status` : ''}
      </span>
    </span>
  );
}

/** A compact card's priority flag: the icon alone, in the flag's colours, for high and urgent claims. */
function PriorityMark({ priority }: { priority: ClaimBoardCard['priority'] }) {
  if (priority !== 'high' && priority !== 'urgent') return null;
  return (
    <span
      title={`${PRIORITY_LABELS[priority]} priority`}
      className={cn(
        'inline-flex shrink-0 rounded',
        priority === 'urgent' ? 'bg-destructive/10 text-destructive' : 'bg-amber-100 text-amber-800',
      )}
    >
      <ChevronsUpIcon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{PRIORITY_LABELS[priority]}</span>
    </span>
  );
}

function Assignee({ card }: { card: ClaimBoardCard }) {
  if (!card.assignee) return <span className="text-muted-foreground">Unassigned</span>;
  return (
    <>
      <PersonInitials name={card.assignee.name} className="size-5 text-[10px]" />
      <span className="truncate">{card.assignee.name}</span>
    </>
  );
}

/**
 * What a card shows: claim, vehicle, facility, assignee, priority, time in status; stale ones stand out. A
 * compact card keeps the claim number, the unit, the days in status and the moves; the rest is in its tooltip
 * and read to screen readers.
 */
export function CardFace({
  card,
  staleAfterDays,
  now,
  actions,
  linked = true,
  compact = false,
  className,
}: CardFaceProps) {
  const stale = isStale(card, staleAfterDays, now);
  const vehicle = vehicleDescription(card.vehicle);
  const facility = card.facilityName ?? 'No facility yet';
  const quiet = card.shopQuietSince && shopQuietLabel(card.shopQuietSince, now);
  const age = (
    <AgeInStatus card={card} stale={stale} staleAfterDays={staleAfterDays} now={now} compact={compact} />
  );
  const number = linked ? (
    <Link
      href={`/vehicles/${card.id}`}
      draggable={false}
      data-card-link={card.id}
      className="min-w-0 truncate font-medium outline-none after:absolute after:inset-0 after:rounded-lg hover:underline"
    >
      {card.claimNumber}
    </Link>
  ) : (
    <span className="truncate font-medium">{card.claimNumber}</span>
  );
  const actionsBox = actions && (
    <div className={cn('relative z-10 flex shrink-0 items-center', compact ? '-mr-1' : '-my-1 -mr-1.5')}>
      {actions}
    </div>
  );
  return (
    <article
      data-stale={stale || undefined}
      data-compact={compact || undefined}
      title={compact ? [card.vehicle.unitNumber, vehicle, facility].filter(Boolean).join(' · ') : undefined}
      className={cn(
        'bg-card relative grid rounded-lg border shadow-xs',
        compact ? 'gap-0.5 p-1.5 text-xs' : 'gap-1.5 p-3 text-sm',
        'has-[a:focus-visible]:ring-ring/50 has-[a:focus-visible]:ring-[3px]',
        stale && 'border-amber-300 shadow-[inset_4px_0_0_var(--color-amber-400)]',
        stale && compact && 'pl-2',
        className,
      )}
    >
      {compact ? (
        <>
          <div className="flex min-w-0">{number}</div>
          <p className="flex min-w-0 items-center gap-1">
            <PriorityMark priority={card.priority} />
            <span className="truncate">{card.vehicle.unitNumber}</span>
            <span className="sr-only">
              {vehicle && ` · ${vehicle}`}; {facility}; {card.assignee?.name ?? 'Unassigned'}
              {quiet && `; ${quiet}`}
            </span>
          </p>
          <div className="flex min-h-6 items-center justify-between gap-0.5">
            {age}
            {actionsBox}
          </div>
        </>
      ) : (
        <>
          <div className="flex items-start gap-1.5">
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
              {number}
              <PriorityFlag priority={card.priority} />
            </div>
            {actionsBox}
          </div>
          <p className="truncate">
            <span className="font-medium">{card.vehicle.unitNumber}</span>
            {vehicle && <span className="text-muted-foreground"> · {vehicle}</span>}
          </p>
          <p className="text-muted-foreground truncate">{facility}</p>
          {quiet && (
            <p
              className="text-xs font-medium text-amber-800"
              title="The shop has not updated the claim through its link"
            >
              {quiet}
            </p>
          )}
          <div className="flex items-center justify-between gap-2 text-xs">
            <span className="flex min-w-0 items-center gap-1.5">
              <Assignee card={card} />
            </span>
            {age}
          </div>
        </>
      )}
    </article>
  );
}
