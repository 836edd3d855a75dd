import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

import { Button } from '../ui/button';

/** "Showing 26–50 of 73 locations" with Previous and Next, for every paged list. */
export function ListPagination({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Singular and plural: ['company', 'companies']. */
  noun: readonly [string, string];
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {total === 1 ? `1 ${noun[0]}` : `Showing ${first}–${last} of ${total} ${noun[1]}`}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}
