import { ArrowRightIcon } from 'lucide-react';
import { STATUS_LABELS } from '@shared/workflows';

import { Skeleton } from '../../../components/ui/skeleton';
import { actorLine, RelativeTime, useClaimHistory } from '../../claims';

/** The claim's moves, newest first, compact: what happened before this request. */
export function CompactHistory({ claimId }: { claimId: string }) {
  const history = useClaimHistory(claimId);
  if (history.isPending) return <Skeleton className="h-16 w-full" aria-label="Loading the status history" />;
  if (history.isError) return <p className="text-destructive text-sm">{history.error.message}</p>;
  return (
    <ol
      className="grid max-h-44 gap-2 overflow-y-auto pr-1 text-sm"
      aria-label="Status changes, newest first"
    >
      {[...history.data].reverse().map((entry) => (
        <li key={entry.id} className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-1">
            {entry.fromStatus ? STATUS_LABELS[entry.fromStatus] : 'Opened'}
            <ArrowRightIcon className="text-muted-foreground size-3" aria-label="to" />
            <span className="font-medium">{STATUS_LABELS[entry.toStatus]}</span>
          </span>
          <span className="text-muted-foreground text-xs">
            {entry.actor ? actorLine(entry) : 'automatically'} · <RelativeTime date={entry.createdAt} />
          </span>
          {entry.note && <span className="line-clamp-2 text-xs break-words">{entry.note}</span>}
        </li>
      ))}
    </ol>
  );
}
