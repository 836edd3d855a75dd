import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery, UserList } from '@shared/users';

import { listSearchParams } from '../../../components/data-list';
import { apiRequest } from '../../../lib/api-client';

/** The list's filters and page; empty filters are left out of the request. */
export type UsersFilter = Pick<ListUsersQuery, 'search' | 'role' | 'companyId' | 'active'> & {
  page: number;
  pageSize?: number;
};

export const USERS_PAGE_SIZE = 25;

export function usersSearchParams(filter: UsersFilter): URLSearchParams {
  const { search, role, companyId, active, page, pageSize = USERS_PAGE_SIZE } = filter;
  return listSearchParams({ search, role, companyId, active, page, pageSize });
}

export async function getUsers(filter: UsersFilter): Promise<UserList> {
  const res = await apiRequest('GET', `/api/users?${usersSearchParams(filter).toString()}`);
  return (await res.json()) as UserList;
}

/** Under the `/api/users` key, so any change to a user refreshes every page of the list. */
export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: ['/api/users', filter],
    queryFn: () => getUsers(filter),
    // The current page stays on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQueryOptions(filter));
}
