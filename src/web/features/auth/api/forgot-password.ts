import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, ForgotPasswordResponse } from '@shared/passwords';

import { apiRequest } from '../../../lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the address has an account (spec §7). */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  const res = await apiRequest('POST', '/api/auth/forgot-password', body);
  return (await res.json()) as ForgotPasswordResponse;
}

/** Toasts are the form's business: what a failure means depends on whether the server answered at all. */
export function useForgotPasswordMutation() {
  return useMutation<ForgotPasswordResponse, Error, ForgotPasswordRequest>({
    mutationFn: requestPasswordReset,
  });
}
