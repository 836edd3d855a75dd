import { useMutation } from '@tanstack/react-query';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

export async function sendPasswordReset(userId: string): Promise<{ message: string }> {
  const res = await apiRequest('POST', `/api/users/${encodeURIComponent(userId)}/send-password-reset`);
  return (await res.json()) as { message: string };
}

/** Mails the user a reset link, as if they had used "Forgot your password?" themselves. */
export function useSendPasswordResetMutation() {
  return useMutation<{ message: string }, Error, string>({
    mutationFn: sendPasswordReset,
    onSuccess: ({ message }) => toast({ title: 'Reset email sent', description: message }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not send the reset email', description: error.message }),
  });
}
