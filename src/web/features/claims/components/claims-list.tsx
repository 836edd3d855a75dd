import { useState, type ReactNode } from 'react';
import { CircleAlertIcon, ClipboardListIcon, SearchXIcon } from 'lucide-react';
import { CLAIMS_COUNT_CAP } from '@shared/claims';
import { BREAKPOINT_MD_PX } from '@shared/constants';
import type { CompanySummary } from '@shared/users';

import { ColumnVisibilityMenu, ListEmpty, useColumnVisibility } from '../../../components/data-list';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { ApiError } from '../../../lib/api-client';
import type { AssigneeOption } from '../api/get-assignable-users';
import { useClaims, type ClaimsFilter } from '../api/get-claims';
import { useClaimsFilter } from '../hooks/use-claims-filter';
import { useClaimsFilterOptions } from '../hooks/use-claims-filter-options';
import { AddClaimLink } from './add-claim-link';
import { ClaimsCards, ClaimsCardsSkeleton } from './claims-cards';
import {
  ClaimsPagination,
  lastNumberedPage,
  type ClaimsPageTarget,
  type ClaimsPosition,
} from './claims-pagination';
import { CLAIM_COLUMNS, ClaimsTable, ClaimsTableSkeleton } from './claims-table';
import { ClaimsToolbar } from './claims-toolbar';

/** The filter without where the page is: cursors seen belong to one filter and sort. */
function filterKey({ page: _page, cursor: _cursor, ...rest }: ClaimsFilter): string {
  return JSON.stringify(rest);
}

/**
 * Cursors of the pages past the numbered ones that were visited, by their first row, so "Previous" can go
 * back along them. They are forgotten when the filter or sort changes.
 */
function useCursorTrail(filter: ClaimsFilter) {
  const key = filterKey(filter);
  const [trail, setTrail] = useState<{ key: string; byStart: ReadonlyMap<number, string> }>({
    key,
    byStart: new Map(),
  });
  const byStart = trail.key === key ? trail.byStart : new Map<number, string>();
  const remember = (start: number, cursor: string) =>
    setTrail({ key, byStart: new Map(byStart).set(start, cursor) });

  /** Where "Previous" leads from the cursor page starting at row `start`. */
  const previousOf = (start: number | undefined): ClaimsPageTarget | undefined => {
    if (start === undefined) return undefined;
    const previousStart = start - filter.pageSize;
    if (previousStart < 1) return { page: 1 };
    const page = (previousStart - 1) / filter.pageSize + 1;
    if (Number.isInteger(page) && page <= lastNumberedPage(filter.pageSize)) return { page };
    const cursor = byStart.get(previousStart);
    return cursor ? { cursor, start: previousStart } : undefined;
  };
  return { remember, previousOf };
}

/**
 * All Claims: search, filters, sort and page in the address; a table from 768 px and cards below; the
 * claims of every company the user may see, as the server scopes them.
 */
export function ClaimsList({
  companies,
  currentUser,
  canListLocations,
  canListUsers,
  canCreate,
}: {
  companies: readonly CompanySummary[];
  currentUser: AssigneeOption;
  /** `GET /api/locations` needs `locations.dashboard`; viewers filter by company only. */
  canListLocations: boolean;
  /** Admins can pick any assignee; others filter by themselves. */
  canListUsers: boolean;
  canCreate: boolean;
}) {
  const { filter, cursorStart, setFilter, goTo, clearFilters, filtered, activeFilters } = useClaimsFilter();
  const compact = !useMediaQuery(`(min-width: ${BREAKPOINT_MD_PX}px)`);
  const claims = useClaims(filter);
  const trail = useCursorTrail(filter);
  const columns = useColumnVisibility('claims', CLAIM_COLUMNS);

  const options = useClaimsFilterOptions({
    companyId: filter.companyId,
    companies,
    currentUser,
    canListLocations,
    canListUsers,
  });

  const position: ClaimsPosition = filter.cursor
    ? { kind: 'cursor', start: cursorStart }
    : { kind: 'page', page: filter.page };
  const onGoTo = (target: ClaimsPageTarget) => {
    if ('cursor' in target && target.start !== undefined) trail.remember(target.start, target.cursor);
    goTo(target);
  };
  const firstPage = () => goTo({ page: 1 });
  const onFirstPage = position.kind === 'cursor' || filter.page > 1;

  const list = claims.data;
  let body: ReactNode;
  if (claims.isPending) {
    body = compact ? <ClaimsCardsSkeleton /> : <ClaimsTableSkeleton columnVisibility={columns.visibility} />;
  } else if (claims.isError && !list) {
    const pastNumbered =
      claims.error instanceof ApiError &&
      claims.error.status === 400 &&
      position.kind === 'page' &&
      filter.page > lastNumberedPage(filter.pageSize);
    body = (
      <div className="p-4">
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>
            {pastNumbered
              ? `Pages are numbered up to claim ${CLAIMS_COUNT_CAP.toLocaleString('en-US')}`
              : 'The claims could not be loaded'}
          </AlertTitle>
          <AlertDescription>
            <p>
              {pastNumbered
                ? 'Narrow the search or the filters, or go page by page with Next from the last numbered page.'
                : claims.error.message}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {!pastNumbered && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void claims.refetch()}
                  disabled={claims.isFetching}
                >
                  Try again
                </Button>
              )}
              {onFirstPage && (
                <Button variant="outline" size="sm" onClick={firstPage}>
                  Go to the first page
                </Button>
              )}
            </div>
          </AlertDescription>
        </Alert>
      </div>
    );
  } else if (list && list.items.length > 0) {
    body = (
      <div aria-busy={claims.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
        {compact ? (
          <ClaimsCards claims={list.items} />
        ) : (
          <ClaimsTable
            claims={list.items}
            sort={filter}
            onSort={setFilter}
            columnVisibility={columns.visibility}
          />
        )}
      </div>
    );
  } else if (list && list.total > 0 && onFirstPage) {
    body = (
      <ListEmpty
        icon={<ClipboardListIcon />}
        title="There are no claims on this page"
        action={
          <Button variant="outline" size="sm" onClick={firstPage}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (filtered) {
    body = (
      <ListEmpty
        icon={<SearchXIcon />}
        title={
          filter.search && activeFilters === 0
            ? `No claims match “${filter.search}”`
            : 'No claims match these filters'
        }
        action={
          <Button variant="outline" size="sm" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      >
        {filter.search
          ? 'Search looks in claim numbers, VINs, unit numbers, plates, makes and models, insurer claim numbers and driver names; every word must match.'
          : 'No claim fits every filter chosen: clear some of them to see more.'}
      </ListEmpty>
    );
  } else {
    body = (
      <ListEmpty icon={<ClipboardListIcon />} title="No claims yet" action={canCreate && <AddClaimLink />}>
        When a vehicle is damaged or breaks down, open a claim for it; it will show here.
      </ListEmpty>
    );
  }

  return (
    <div className="grid gap-4">
      <ClaimsToolbar
        filter={filter}
        options={options}
        compact={compact}
        filtered={filtered}
        activeFilters={activeFilters}
        onChange={setFilter}
        onClear={clearFilters}
        columnsMenu={
          compact ? undefined : (
            <ColumnVisibilityMenu
              columns={CLAIM_COLUMNS}
              visibility={columns.visibility}
              onChange={columns.setVisible}
              onReset={columns.reset}
            />
          )
        }
      />
      <div className="bg-card @container overflow-hidden rounded-xl border shadow-xs">{body}</div>
      {list && list.items.length > 0 && (
        <ClaimsPagination
          position={position}
          shown={list.items.length}
          pageSize={filter.pageSize}
          total={list.total}
          totalCapped={list.totalCapped}
          nextCursor={list.nextCursor}
          previousTarget={position.kind === 'cursor' ? trail.previousOf(cursorStart) : undefined}
          compact={compact}
          busy={claims.isPlaceholderData}
          onGoTo={onGoTo}
          onPageSize={(pageSize) => setFilter({ pageSize: pageSize as ClaimsFilter['pageSize'] })}
        />
      )}
    </div>
  );
}
