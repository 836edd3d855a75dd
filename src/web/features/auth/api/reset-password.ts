import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';
import type { ResetPasswordRequest } from '@shared/passwords';

import { apiRequest } from '../../../lib/api-client';

export async function resetPassword(body: ResetPasswordRequest): Promise<{ message: string }> {
  const res = await apiRequest('POST', '/api/auth/reset-password', body);
  return (await res.json()) as { message: string };
}

export function useResetPasswordMutation() {
  const client = useQueryClient();
  return useMutation<{ message: string }, Error, ResetPasswordRequest>({
    mutationFn: resetPassword,
    // A reset ends the account's sessions; if it was this browser's own account, it is now signed out.
    onSuccess: () => client.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
