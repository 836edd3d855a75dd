import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { userRoleSchema } from '@shared/auth';

import type { UsersFilter } from '../api/get-users';

export type UsersFilterChange = Partial<Omit<UsersFilter, 'pageSize'>>;

function readFilter(params: URLSearchParams): UsersFilter {
  const role = userRoleSchema.safeParse(params.get('role'));
  const active = params.get('active');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: params.get('search')?.trim() || undefined,
    role: role.success ? role.data : undefined,
    companyId: params.get('companyId') || undefined,
    active: active === 'true' || active === 'false' ? active : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * The user list's filters live in the address (`/users?search=dana&role=manager&page=2`), so a filtered
 * list can be bookmarked, shared and reloaded, and Back undoes a filter. Changing a filter goes back to
 * page 1; the history is replaced, not grown, while typing.
 */
export function useUsersFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(params), [params]);

  const setFilter = useCallback(
    (change: UsersFilterChange) => {
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

  const filtered = Boolean(filter.search || filter.role || filter.companyId || filter.active);
  return { filter, setFilter, clearFilters, filtered };
}
