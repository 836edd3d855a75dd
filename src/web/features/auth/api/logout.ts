import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

export function useLogoutMutation() {
  const client = useQueryClient();
  return useMutation<void, Error>({
    mutationFn: logout,
    onSuccess: () => {
      client.setQueryData(CURRENT_USER_QUERY_KEY, null);
      // Whoever signs in next on this browser must not see the previous user's cached records.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
