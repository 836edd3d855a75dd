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
 * clears `mustChangePassword`, so the user is refetched; the mutation stays pending until it is.
 */
export function useChangePasswordMutation() {
  const client = useQueryClient();
  return useMutation<{ message: string }, Error, ChangePasswordRequest>({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({ title: 'Password changed successfully', description: 'Your password has been updated.' });
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
