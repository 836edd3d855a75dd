import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';
import type { RegisterRequest, RegisterResponse } from '@shared/users';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/register`: an admin creates an account (PRODUCT.md §5); the admin stays signed in as before. */
export async function createUser(body: RegisterRequest): Promise<RegisterResponse> {
  const res = await apiRequest('POST', '/api/register', body);
  return (await res.json()) as RegisterResponse;
}

/**
 * The spec's registration toasts (§8), greeting the new user by first name, then saying which account was
 * created: the admin reads the toast, and "Welcome, Morgan!" alone read as greeting the admin.
 */
export function useCreateUserMutation() {
  const client = useQueryClient();
  return useMutation<RegisterResponse, Error, RegisterRequest>({
    mutationFn: createUser,
    onSuccess: (user) => {
      toast({
        title: 'Registration successful',
        description: `Welcome, ${user.firstName || user.username}! Account created for ${
          [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username
        } (${user.username}).`,
      });
      // The spec (§4) makes the cached user stale after a register, as after a login.
      void client.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      return client.invalidateQueries({ queryKey: ['/api/users'] });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Registration failed', description: error.message });
    },
  });
}
