import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { z } from 'zod';
import { FACILITY_KINDS } from '@shared/fleet';

import type { FleetListFilter } from '../api/list-filter';

export type FleetListFilterChange = Partial<Omit<FleetListFilter, 'pageSize'>>;

/** The filters a screen offers beyond search, status and page. */
export type ExtraFilter = 'companyId' | 'kind';

const companyIdSchema = z.uuid();
const kindSchema = z.enum(FACILITY_KINDS);

function readFilter(params: URLSearchParams, extras: readonly ExtraFilter[]): FleetListFilter {
  const active = params.get('active');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const companyId = companyIdSchema.safeParse(params.get('companyId'));
  const kind = kindSchema.safeParse(params.get('kind'));
  return {
    search: params.get('search')?.trim() || undefined,
    active: active === 'true' || active === 'false' ? active : undefined,
    companyId: extras.includes('companyId') && companyId.success ? companyId.data : undefined,
    kind: extras.includes('kind') && kind.success ? kind.data : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * A fleet list's search, filters and page live in the address (`/locations?companyId=…&active=true`), so a
 * filtered list can be bookmarked, shared and reloaded, and other screens can link to it. Changing a filter
 * goes back to page 1; the history is replaced, not grown, while typing. Unknown or malformed values in
 * the address are ignored rather than sent to the server.
 */
export function useFleetListFilter(extras: readonly ExtraFilter[] = []) {
  const [params, setParams] = useSearchParams();
  // `extras` is a constant per screen; its contents, not its identity, decide what is read.
  const extrasKey = extras.join(',');
  const filter = useMemo(
    () => readFilter(params, extrasKey ? (extrasKey.split(',') as ExtraFilter[]) : []),
    [params, extrasKey],
  );

  const setFilter = useCallback(
    (change: FleetListFilterChange) => {
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

  const filtered = Boolean(filter.search || filter.active || filter.companyId || filter.kind);
  return { filter, setFilter, clearFilters, filtered };
}
