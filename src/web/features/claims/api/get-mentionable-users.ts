import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from './get-claim';

/** An active user who can see the claim: who may be @mentioned on it, or assigned to it. */
export type MentionableUser = { id: string; username: string; name: string };

export async function getMentionableUsers(
  id: string,
  search: string,
  signal?: AbortSignal,
): Promise<MentionableUser[]> {
  const query = search ? `?${new URLSearchParams({ search }).toString()}` : '';
  const res = await apiRequest(
    'GET',
    `/api/vehicles/${encodeURIComponent(id)}/mentionable${query}`,
    undefined,
    { signal },
  );
  return (await res.json()) as MentionableUser[];
}

export const mentionableUsersQueryOptions = (id: string, search: string) =>
  queryOptions({
    queryKey: [...claimQueryKey(id), 'mentionable', search],
    queryFn: ({ signal }) => getMentionableUsers(id, search, signal),
    // The previous matches stay while the next ones load, so the list does not flicker as the user types.
    placeholderData: keepPreviousData,
  });

/** Up to 10 users matching `search` (username, first or last name); only fetched while `enabled`. */
export function useMentionableUsers(id: string, search: string, { enabled = true } = {}) {
  return useQuery({ ...mentionableUsersQueryOptions(id, search), enabled });
}
