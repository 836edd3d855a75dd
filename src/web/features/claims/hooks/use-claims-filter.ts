import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { z } from 'zod';
import { CLAIM_SORTS } from '@shared/claims';
import { CLAIM_STATUSES, WORKFLOWS, type ClaimStatus } from '@shared/workflows';

import {
  CLAIMS_PAGE_SIZES,
  DEFAULT_CLAIMS_PAGE_SIZE,
  DEFAULT_CLAIMS_SORT,
  type ClaimsFilter,
} from '../api/get-claims';

/** What a filter control can change; `undefined` (or an empty list) removes it. */
export type ClaimsFilterChange = Partial<
  Pick<
    ClaimsFilter,
    | 'search'
    | 'workflow'
    | 'status'
    | 'open'
    | 'companyId'
    | 'locationId'
    | 'repairFacilityId'
    | 'assigneeId'
    | 'from'
    | 'to'
    | 'overdue'
    | 'down'
    | 'completedFrom'
    | 'completedTo'
    | 'sort'
    | 'order'
    | 'pageSize'
  >
>;

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
] as const;

/** Where the page is: numbered, or reached by cursor past the numbered pages. */
const POSITION_KEYS = ['page', 'cursor', 'start'] as const;

const uuid = z.uuid();
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}
const idParam = (value: string | null) => (value && uuid.safeParse(value).success ? value : undefined);
const dateParam = (value: string | null) => (value && isoDate.test(value) ? value : undefined);
const positiveInt = (value: string | null) => {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

function readFilter(params: URLSearchParams): ClaimsFilter {
  const statuses = params
    .getAll('status')
    .map((status) => oneOf(CLAIM_STATUSES, status))
    .filter((status): status is ClaimStatus => status !== undefined);
  const pageSize = positiveInt(params.get('pageSize'));
  const cursor = params.get('cursor') || undefined;
  return {
    search: params.get('search')?.trim() || undefined,
    workflow: oneOf(WORKFLOWS, params.get('workflow')),
    status: statuses.length > 0 ? [...new Set(statuses)] : undefined,
    open: oneOf(['true', 'false'] as const, params.get('open')),
    companyId: idParam(params.get('companyId')),
    locationId: idParam(params.get('locationId')),
    repairFacilityId: idParam(params.get('repairFacilityId')),
    assigneeId: idParam(params.get('assigneeId')),
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
    overdue: oneOf(['true'] as const, params.get('overdue')),
    down: oneOf(['true'] as const, params.get('down')),
    completedFrom: dateParam(params.get('completedFrom')),
    completedTo: dateParam(params.get('completedTo')),
    sort: oneOf(CLAIM_SORTS, params.get('sort')) ?? DEFAULT_CLAIMS_SORT.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_CLAIMS_SORT.order,
    page: cursor ? 1 : (positiveInt(params.get('page')) ?? 1),
    pageSize: CLAIMS_PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_CLAIMS_PAGE_SIZE,
    cursor,
  };
}

function withoutDefaults(params: URLSearchParams) {
  if (params.get('page') === '1') params.delete('page');
  if (params.get('pageSize') === String(DEFAULT_CLAIMS_PAGE_SIZE)) params.delete('pageSize');
  if (params.get('sort') === DEFAULT_CLAIMS_SORT.sort && params.get('order') === DEFAULT_CLAIMS_SORT.order) {
    params.delete('sort');
    params.delete('order');
  }
  return params;
}

/**
 * All Claims keeps its search, filters, sort, page size and page in the address
 * (`/vehicles?search=ford&status=in_repair&status=on_hold&sort=lossDate&order=asc&page=3`), so a list can be
 * bookmarked, shared and reloaded, and the sidebar's search (`/vehicles?search=…`) lands on its results.
 * Any change other than the page goes back to the first page; the history is replaced, not grown.
 */
export function useClaimsFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(params), [params]);
  /** The 1-based position of the first row of a page reached by cursor (`start`), when known. */
  const cursorStart = filter.cursor ? positiveInt(params.get('start')) : undefined;

  const setFilter = useCallback(
    (change: ClaimsFilterChange) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) {
            next.delete(key);
            if (Array.isArray(value)) for (const item of value) next.append(key, String(item));
            else if (value !== undefined && value !== '') next.set(key, String(value));
          }
          // A location belongs to one company: a new company makes the chosen location meaningless.
          if ('companyId' in change && change.companyId !== previous.get('companyId')) {
            next.delete('locationId');
          }
          for (const key of POSITION_KEYS) next.delete(key);
          return withoutDefaults(next);
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** A numbered page, or a page after the numbered ones by the previous answer's cursor. */
  const goTo = useCallback(
    (target: { page: number } | { cursor: string; start?: number | undefined }) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of POSITION_KEYS) next.delete(key);
          if ('cursor' in target) {
            next.set('cursor', target.cursor);
            if (target.start !== undefined) next.set('start', String(target.start));
          } else {
            next.set('page', String(target.page));
          }
          return withoutDefaults(next);
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of [...FILTER_KEYS, ...POSITION_KEYS]) next.delete(key);
          return withoutDefaults(next);
        },
        { replace: true },
      ),
    [setParams],
  );

  const activeFilters = FILTER_KEYS.filter((key) => key !== 'search' && filter[key] !== undefined).length;
  const filtered = Boolean(filter.search) || activeFilters > 0;
  return { filter, cursorStart, setFilter, goTo, clearFilters, filtered, activeFilters };
}
