import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Note } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from './get-claim';

export const claimNotesQueryKey = (id: string) => [...claimQueryKey(id), 'notes'] as const;

export async function getClaimNotes(id: string, signal?: AbortSignal): Promise<Note[]> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/notes`, undefined, {
    signal,
  });
  return (await res.json()) as Note[];
}

export const claimNotesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimNotesQueryKey(id),
    queryFn: ({ signal }) => getClaimNotes(id, signal),
  });

/** The claim's notes, oldest first. */
export function useClaimNotes(id: string) {
  return useQuery(claimNotesQueryOptions(id));
}
