import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedUser, UserList } from '@shared/users';

import { personName } from '../../../components/user-avatar';
import { apiRequest } from '../../../lib/api-client';

/** A person a claim can be assigned to, or a list filtered by. */
export type AssigneeOption = { id: string; name: string; username: string };

/**
 * The active users (the first 100), for admins only: `GET /api/users` is an admin call. Viewers are left out:
 * they cannot work on a claim. Everyone else can only assign to themselves until a claim exists.
 */
export async function getAssignableUsers(signal?: AbortSignal): Promise<ManagedUser[]> {
  const params = new URLSearchParams({ active: 'true', page: '1', pageSize: '100' });
  const res = await apiRequest('GET', `/api/users?${params.toString()}`, undefined, { signal });
  return ((await res.json()) as UserList).items.filter((user) => user.role !== 'viewer');
}

export function toAssigneeOption(user: ManagedUser): AssigneeOption {
  return { id: user.id, name: personName(user), username: user.username };
}

/** Under the `/api/users` key, so a change in User Management refreshes it too. */
export const assignableUsersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/users', 'assignable'],
    queryFn: ({ signal }) => getAssignableUsers(signal),
  });

export function useAssignableUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...assignableUsersQueryOptions(), enabled });
}
