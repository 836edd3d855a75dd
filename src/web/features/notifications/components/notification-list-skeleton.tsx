import { Skeleton } from '../../../components/ui/skeleton';

/** Where a list of notifications will be, while it (or the list's code) loads: a status named `label`. */
export function NotificationListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="divide-y">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-start gap-3 px-3.5 py-3.5">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}
