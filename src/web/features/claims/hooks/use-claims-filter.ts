import { useCallback, useMemo } from 'react';
import { listClaimsQuerySchema } from '@shared/claims';

import { useUrlFilters } from '../../../components/data-list';
import {
  CLAIMS_PAGE_SIZES,
  DEFAULT_CLAIMS_PAGE_SIZE,
  DEFAULT_CLAIMS_SORT,
  REPORT_LINK_KEYS,
  type ClaimsFilter,
} from '../api/get-claims';

/** What a filter control can change; `undefined` (or an empty list) removes it. */
export type ClaimsFilterChange = Partial<Omit<ClaimsFilter, 'page' | 'cursor'>>;

/** The filters (not sort, page or page size): what "Clear filters" removes. */
const FILTER_KEYS = [
  'search',
  'workflow',
  'status',
  'open',
  'companyId',
  'locationId',
  'repairFacilityId',
  'assigneeId',
  'from',
  'to',
  'overdue',
  'down',
  'completedFrom',
  'completedTo',
  ...REPORT_LINK_KEYS,
] as const;

/** Where the page is: numbered, or reached by cursor past the numbered pages. */
const POSITION_KEYS = ['page', 'cursor', 'start'] as const;

const positiveInt = (value: string | null) => {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/** Leaves out of the address what it would say by default: page 1, the default page size and sort. */
function withoutDefaults(params: URLSearchParams) {
  if (params.get('page') === '1') params.delete('page');
  if (params.get('pageSize') === String(DEFAULT_CLAIMS_PAGE_SIZE)) params.delete('pageSize');
  if (params.get('sort') === DEFAULT_CLAIMS_SORT.sort && params.get('order') === DEFAULT_CLAIMS_SORT.order) {
    params.delete('sort');
    params.delete('order');
  }
  return params;
}

const OPTIONS = { filterKeys: FILTER_KEYS, positionKeys: POSITION_KEYS, tidy: withoutDefaults };

/**
 * All Claims keeps its search, filters, sort, page size and page in the address
 * (`/vehicles?search=ford&status=in_repair&status=on_hold&sort=lossDate&order=asc&page=3`), parsed with the
 * server's `listClaimsQuerySchema`, so a list can be bookmarked, shared and reloaded, and the sidebar's
 * search (`/vehicles?search=…`) lands on its results. Any change other than the page goes back to the first
 * page; the history is replaced, not grown.
 */
export function useClaimsFilter() {
  const urlFilters = useUrlFilters(listClaimsQuerySchema, OPTIONS);
  const { params, filter: parsed, setFilter: setUrlFilter, goTo, clearFilters, filtered } = urlFilters;
  const filter = useMemo<ClaimsFilter>(
    () => ({
      ...parsed,
      // With a cursor the page number means nothing; only the page sizes offered are kept.
      page: parsed.cursor ? 1 : parsed.page,
      pageSize: CLAIMS_PAGE_SIZES.find((size) => size === parsed.pageSize) ?? DEFAULT_CLAIMS_PAGE_SIZE,
    }),
    [parsed],
  );
  /** The 1-based position of the first row of a page reached by cursor (`start`), when known. */
  const cursorStart = parsed.cursor ? positiveInt(params.get('start')) : undefined;

  const companyId = params.get('companyId');
  const setFilter = useCallback(
    (change: ClaimsFilterChange) =>
      // A location belongs to one company: a new company makes the chosen location meaningless.
      setUrlFilter(
        'companyId' in change && change.companyId !== companyId
          ? { ...change, locationId: undefined }
          : change,
      ),
    [setUrlFilter, companyId],
  );

  const activeFilters = urlFilters.activeKeys.filter((key) => key !== 'search').length;
  return {
    filter,
    cursorStart,
    setFilter,
    /** A numbered page, or a page after the numbered ones by the previous answer's cursor. */
    goTo: goTo as (target: { page: number } | { cursor: string; start?: number | undefined }) => void,
    clearFilters,
    filtered,
    activeFilters,
  };
}
