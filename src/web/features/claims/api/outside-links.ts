import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';

/** Revokes a link of a claim (`DELETE {url}/{linkId}`), then reads the claim's links again. */
export function useRevokeLinkMutation<Link>(url: string, queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) =>
      (await (await apiRequest('DELETE', `${url}/${encodeURIComponent(linkId)}`)).json()) as Link,
    onSuccess: () => client.invalidateQueries({ queryKey }),
  });
}
