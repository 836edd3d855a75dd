import { useMutation } from '@tanstack/react-query';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

export async function impersonateUser(userId: string): Promise<{ message: string }> {
  const res = await apiRequest('POST', `/api/users/${encodeURIComponent(userId)}/impersonate`);
  return (await res.json()) as { message: string };
}

/**
 * Starts acting as another user (PRODUCT.md §5). The session cookie now belongs to them, so the app
 * reloads at / with their data rather than keeping the admin's cache.
 */
export function useImpersonateUserMutation() {
  return useMutation<{ message: string }, Error, string>({
    mutationFn: impersonateUser,
    onSuccess: () => window.location.assign('/'),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not impersonate', description: error.message }),
  });
}
