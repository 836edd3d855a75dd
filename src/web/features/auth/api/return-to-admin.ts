import { useMutation } from '@tanstack/react-query';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

export async function returnToAdmin(): Promise<void> {
  await apiRequest('POST', '/api/return-to-admin');
}

/**
 * Ends an impersonation (spec §4). The session cookie now belongs to the admin again, so the whole app
 * reloads at / rather than patching a cache full of the other user's records.
 */
export function useReturnToAdminMutation() {
  return useMutation<void, Error>({
    mutationFn: returnToAdmin,
    onSuccess: () => window.location.assign('/'),
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error.message || 'Failed to return to admin account',
      });
    },
  });
}
