import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { useNow } from '../../../hooks/use-now';

/** "5 minutes ago", with the full date and time on hover and for machines. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={date} title={formatDateTime(date)} className={className}>
      {formatRelativeTime(date, now)}
    </time>
  );
}
