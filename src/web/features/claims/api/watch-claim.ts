import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from './get-claim';

export type WatchClaimInput = { id: string; watching: boolean };

/** `PUT` starts watching, `DELETE` stops. */
export async function watchClaim({ id, watching }: WatchClaimInput): Promise<{ watching: boolean }> {
  const res = await apiRequest(watching ? 'PUT' : 'DELETE', `/api/vehicles/${encodeURIComponent(id)}/watch`);
  return (await res.json()) as { watching: boolean };
}

const setWatching = (watching: boolean) => (claim: Claim | undefined) =>
  claim ? { ...claim, watching } : claim;

/** Watch or unwatch: the toggle flips at once and flips back if the server refuses. */
export function useWatchClaimMutation() {
  const client = useQueryClient();
  return useMutation<{ watching: boolean }, Error, WatchClaimInput, { previous: boolean | undefined }>({
    mutationFn: watchClaim,
    onMutate: async ({ id, watching }) => {
      await client.cancelQueries({ queryKey: claimQueryKey(id), exact: true });
      const previous = client.getQueryData<Claim>(claimQueryKey(id))?.watching;
      client.setQueryData<Claim>(claimQueryKey(id), setWatching(watching));
      return { previous };
    },
    onSuccess: ({ watching }, { id }) => {
      client.setQueryData<Claim>(claimQueryKey(id), setWatching(watching));
    },
    onError: (_error, { id }, context) => {
      if (context?.previous !== undefined) {
        client.setQueryData<Claim>(claimQueryKey(id), setWatching(context.previous));
      }
    },
  });
}
