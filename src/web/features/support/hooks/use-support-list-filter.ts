import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';

import type { SupportListFilter } from '../api/list-filter';

export type SupportListFilterChange<Status extends string> = Partial<
  Omit<SupportListFilter<Status>, 'pageSize'>
>;

function readFilter<Status extends string>(
  params: URLSearchParams,
  statuses: readonly Status[],
): SupportListFilter<Status> {
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: params.get('search')?.trim() || undefined,
    status: statuses.find((known) => known === status),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * An admin list's search, status and page live in the address (`?search=brake&status=new&page=2`), so a
 * filtered list can be bookmarked and reloaded. Changing a filter goes back to page 1; the history is
 * replaced, not grown, while typing.
 */
export function useSupportListFilter<Status extends string>(statuses: readonly Status[]) {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(params, statuses), [params, statuses]);

  const setFilter = useCallback(
    (change: SupportListFilterChange<Status>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in change)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  const filtered = Boolean(filter.search || filter.status);
  return { filter, setFilter, clearFilters, filtered };
}
