import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/auth';
import { CURRENT_USER_QUERY_KEY, CURRENT_USER_STALE_TIME_MS } from '@shared/constants';

import { getQueryFn } from '../../../lib/api-client';

/** The signed-in user, or null when the session cookie is missing or expired (a 401 means "signed out"). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    staleTime: CURRENT_USER_STALE_TIME_MS,
    refetchOnWindowFocus: true,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
