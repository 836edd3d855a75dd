import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon } from 'lucide-react';
import { CLAIMS_COUNT_CAP } from '@shared/claims';

import { Button } from '../../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import { CLAIMS_PAGE_SIZES } from '../api/get-claims';

const count = new Intl.NumberFormat('en-US');

/** Where the list is: a numbered page, or a page past the numbered ones reached by cursor. */
export type ClaimsPosition =
  | { kind: 'page'; page: number }
  | { kind: 'cursor'; /** 1-based row of the page's first claim, when known. */ start: number | undefined };

export type ClaimsPageTarget = { page: number } | { cursor: string; start?: number | undefined };

/** The last page the server numbers: beyond claim CLAIMS_COUNT_CAP (100) it pages by cursor only. */
export function lastNumberedPage(pageSize: number): number {
  return Math.floor(CLAIMS_COUNT_CAP / pageSize);
}

/** 1 … 4 5 [6] 7 8 … 40: the first, the last and two on either side of the current page. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [index, n] of numbers.entries()) {
    const previous = numbers[index - 1];
    if (previous !== undefined && n - previous > 1) result.push(n - previous === 2 ? n - 1 : 'gap');
    result.push(n);
  }
  return result;
}

function PageSizeSelect({ pageSize, onChange }: { pageSize: number; onChange: (size: number) => void }) {
  return (
    <div className="flex items-center gap-2">
      <span id="claims-page-size" className="text-muted-foreground whitespace-nowrap">
        Rows per page
      </span>
      <Select value={String(pageSize)} onValueChange={(value) => onChange(Number(value))}>
        <SelectTrigger size="sm" aria-labelledby="claims-page-size" className="w-20">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CLAIMS_PAGE_SIZES.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * "Showing 26–50 of 87 claims" (or "of 100+ claims"), page numbers, Previous and Next. The server numbers pages
 * up to claim 100; past it (a very broad filter) "Next" follows the answer's cursor, and "Previous" goes back along
 * the cursors seen in this visit.
 */
export function ClaimsPagination({
  position,
  shown,
  pageSize,
  total,
  totalCapped,
  nextCursor,
  previousTarget,
  compact,
  busy,
  onGoTo,
  onPageSize,
}: {
  position: ClaimsPosition;
  /** How many claims this page holds. */
  shown: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  /** Where "Previous" leads from a cursor page, if that is known. */
  previousTarget: ClaimsPageTarget | undefined;
  compact: boolean;
  /** The next page is loading: the cursor shown may not be the new page's yet. */
  busy: boolean;
  onGoTo: (target: ClaimsPageTarget) => void;
  onPageSize: (size: number) => void;
}) {
  const numberedPages = Math.min(Math.ceil(total / pageSize), lastNumberedPage(pageSize));
  const totalText = totalCapped ? `${count.format(CLAIMS_COUNT_CAP)}+` : count.format(total);

  let summary: string;
  let previous: ClaimsPageTarget | undefined;
  let next: ClaimsPageTarget | undefined;
  let pages: (number | 'gap')[] = [];
  let currentPage: number | undefined;
  if (position.kind === 'page') {
    const first = (position.page - 1) * pageSize + 1;
    const last = first + shown - 1;
    summary =
      total === 1 && !totalCapped
        ? '1 claim'
        : `Showing ${count.format(first)}–${count.format(last)} of ${totalText} claims`;
    currentPage = position.page;
    previous = position.page > 1 ? { page: position.page - 1 } : undefined;
    if (position.page < numberedPages) next = { page: position.page + 1 };
    else if (nextCursor) next = { cursor: nextCursor, start: position.page * pageSize + 1 };
    pages = numberedPages > 1 ? pageWindow(position.page, numberedPages) : [];
  } else {
    const { start } = position;
    summary =
      start === undefined
        ? `Showing ${count.format(shown)} claims past the first ${count.format(CLAIMS_COUNT_CAP)}`
        : `Showing ${count.format(start)}–${count.format(start + shown - 1)} of ${totalText} claims`;
    previous = previousTarget;
    if (nextCursor) next = { cursor: nextCursor, start: start === undefined ? undefined : start + pageSize };
  }

  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {summary}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {!compact && <PageSizeSelect pageSize={pageSize} onChange={onPageSize} />}
        <div className="flex items-center gap-1">
          {position.kind === 'cursor' && (
            <Button variant="outline" size="sm" onClick={() => onGoTo({ page: 1 })}>
              <ChevronsLeftIcon aria-hidden="true" />
              First page
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={!previous || busy}
            onClick={() => previous && onGoTo(previous)}
          >
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          {!compact &&
            pages.map((item, index) =>
              item === 'gap' ? (
                <span key={`gap-${index}`} className="text-muted-foreground px-1" aria-hidden="true">
                  …
                </span>
              ) : (
                <Button
                  key={item}
                  variant={item === currentPage ? 'secondary' : 'ghost'}
                  size="sm"
                  className={cn('min-w-8 px-2 tabular-nums', item === currentPage && 'font-semibold')}
                  aria-current={item === currentPage ? 'page' : undefined}
                  aria-label={`Page ${item}`}
                  disabled={busy && item !== currentPage}
                  onClick={() => item !== currentPage && onGoTo({ page: item })}
                >
                  {count.format(item)}
                </Button>
              ),
            )}
          {compact && currentPage !== undefined && numberedPages > 1 && (
            <span className="text-muted-foreground px-2 tabular-nums">
              {currentPage} / {numberedPages}
            </span>
          )}
          <Button variant="outline" size="sm" disabled={!next || busy} onClick={() => next && onGoTo(next)}>
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
