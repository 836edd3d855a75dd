import { queryOptions, useQuery } from '@tanstack/react-query';
import { PERMISSIONS_GC_TIME_MS, PERMISSIONS_STALE_TIME_MS } from '@shared/constants';
import type { Permission } from '@shared/permissions';

/**
 * The current user's permission strings (spec §7): stale after 5 minutes, kept 10. The key is its own
 * first part, not under `/api/user`, so logging out drops it with every other record of the session.
 */
export const permissionsQueryOptions = () =>
  queryOptions<Permission[]>({
    queryKey: ['/api/user/permissions'],
    staleTime: PERMISSIONS_STALE_TIME_MS,
    gcTime: PERMISSIONS_GC_TIME_MS,
  });

export function usePermissions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...permissionsQueryOptions(), enabled });
}
