import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, User } from '@shared/auth';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

export async function login(credentials: LoginRequest): Promise<User> {
  const res = await apiRequest('POST', '/api/login', credentials);
  return (await res.json()) as User;
}

/** The name the welcome toast greets: first name when the admin entered one, else the login name. */
export function greetingName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName || user.username;
}

export function useLoginMutation() {
  const client = useQueryClient();
  return useMutation<User, Error, LoginRequest>({
    mutationFn: login,
    onSuccess: (user) => {
      toast({ title: 'Login successful', description: `Welcome back, ${greetingName(user)}!` });
      // After an expired session another person may log in on this tab: nothing cached for the previous
      // user may show, so everything but the (soon refetched) current user is dropped.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
      // Returned so the mutation stays pending until the user is refetched and the page can move on.
      return client.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}
