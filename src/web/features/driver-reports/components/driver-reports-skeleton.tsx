import { Skeleton } from '../../../components/ui/skeleton';

/** Where the reports will be while the first page loads: two cards' worth of lines. */
export function DriverReportsSkeleton() {
  return (
    <div role="status" aria-label="Loading driver reports" className="divide-y">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="grid gap-4 p-4 sm:p-6">
          <div className="grid gap-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-32" />
          </div>
          <div className="grid gap-2.5">
            {Array.from({ length: 5 }, (_, row) => (
              <Skeleton key={row} className="h-4 w-full max-w-md" />
            ))}
          </div>
          <div className="flex gap-2">
            <Skeleton className="size-20 sm:size-24" />
            <Skeleton className="size-20 sm:size-24" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-9 w-44" />
            <Skeleton className="h-9 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
