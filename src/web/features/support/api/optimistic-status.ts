import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import type { Paged } from './list-filter';

type WithStatus<Status> = { id: string; status: Status };
type Snapshot = [QueryKey, unknown][];

/** Puts `status` on the record `id` wherever it is cached: in a page of a list, or as a detail. */
function withStatus<Item extends WithStatus<Status>, Status>(data: unknown, id: string, status: Status) {
  if (!data || typeof data !== 'object') return data;
  if ('items' in data) {
    const page = data as Paged<Item>;
    return { ...page, items: page.items.map((item) => (item.id === id ? { ...item, status } : item)) };
  }
  const item = data as Item;
  return item.id === id ? { ...item, status } : item;
}

/**
 * A status change that shows at once: every cached list page and detail under `rootKey` gets the new
 * status before the server answers; a failure puts back what was there, and either way the lists are
 * fetched again (a filtered list may lose or gain the record). Callers word their own toasts.
 */
export function useOptimisticStatusMutation<Item extends WithStatus<Status>, Status>(
  rootKey: QueryKey,
  update: (input: { id: string; status: Status }) => Promise<Item>,
) {
  const client = useQueryClient();
  return useMutation<Item, Error, { id: string; status: Status }, { snapshot: Snapshot }>({
    mutationFn: update,
    onMutate: async ({ id, status }) => {
      await client.cancelQueries({ queryKey: rootKey });
      const snapshot = client.getQueriesData({ queryKey: rootKey });
      client.setQueriesData({ queryKey: rootKey }, (data: unknown) =>
        withStatus<Item, Status>(data, id, status),
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: rootKey }),
  });
}
