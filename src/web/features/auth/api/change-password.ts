import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';
import type { ChangePasswordRequest } from '@shared/passwords';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

export async function changePassword(body: ChangePasswordRequest): Promise<{ message: string }> {
  const res = await apiRequest('POST', '/api/change-password', body);
  return (await res.json()) as { message: string };
}

/**
 * The change-password call with the spec's toasts (§8). The server answers with a new session cookie and
 * clears `mustChangePassword`, so the user is refetched; the mutation stays pending until it is. The change ends
 * the old session, so whatever the page asked with it meanwhile (the dashboard behind the forced first change)
 * may have been answered "You are not logged in": every other query is asked again with the new cookie, an
 * unfinished one cancelled first.
 */
export function useChangePasswordMutation() {
  const client = useQueryClient();
  return useMutation<{ message: string }, Error, ChangePasswordRequest>({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({ title: 'Password changed successfully', description: 'Your password has been updated.' });
      void client.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0],
      });
      return client.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error.message || 'Failed to change password',
      });
    },
  });
}
