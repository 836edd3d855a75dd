import { formatCents } from '@shared/money';

import { formatCalendarDate, formatCalendarDateLong } from '../../../lib/format-calendar-date';
import { cn } from '../../../lib/utils';

/** A calendar day of the books (issue, due, received): never shifted by the browser's time zone. */
export function Day({ date }: { date: string | null | undefined }) {
  if (!date) return <span className="text-muted-foreground">—</span>;
  return (
    <time dateTime={date} title={formatCalendarDateLong(date)} className="whitespace-nowrap">
      {formatCalendarDate(date)}
    </time>
  );
}

/** An amount, right-aligned figures that line up in a column. */
export function Money({ cents, className }: { cents: number; className?: string }) {
  return <span className={cn('tabular-nums whitespace-nowrap', className)}>{formatCents(cents)}</span>;
}

/** A draft has no number yet. */
export const invoiceName = (invoice: { number: string | null }) => invoice.number ?? 'Draft invoice';
