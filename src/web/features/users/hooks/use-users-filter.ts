import { listUsersQuerySchema } from '@shared/users';

import { useUrlFilters, type UrlFilterChange } from '../../../components/data-list';

/** What the address may say about the user list: the server's query, less the page size. */
const usersFilterSchema = listUsersQuerySchema.omit({ pageSize: true });

export type UsersFilterChange = UrlFilterChange<typeof usersFilterSchema>;

/** The user list's search, role, company, status and page, in the address (`/users?role=manager&page=2`). */
export function useUsersFilter() {
  return useUrlFilters(usersFilterSchema);
}
