import { useMutation } from '@tanstack/react-query';
import { mailDeliveryTitle } from '@shared/mail-outbox';
import type { PasswordResetSent } from '@shared/users';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

export async function sendPasswordReset(userId: string): Promise<PasswordResetSent> {
  const res = await apiRequest('POST', `/api/users/${encodeURIComponent(userId)}/send-password-reset`);
  return (await res.json()) as PasswordResetSent;
}

/**
 * Queues the user a reset email, as if they had used "Forgot your password?" themselves; the toast says whether
 * it is queued or held (no mail server: the answer then carries the link, which the caller shows to copy).
 */
export function useSendPasswordResetMutation() {
  return useMutation<PasswordResetSent, Error, string>({
    mutationFn: sendPasswordReset,
    onSuccess: ({ message, delivery }) =>
      toast({ title: mailDeliveryTitle('Reset email', delivery), description: message }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not send the reset email', description: error.message }),
  });
}
