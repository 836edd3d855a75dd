import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyResetTokenResponse } from '@shared/passwords';

/**
 * Whether a reset link's token can still be used (spec §2). Checked once per visit: a refetch after the
 * reset itself would call the used token invalid while the success view is showing.
 */
export const verifyResetTokenQueryOptions = (token: string) =>
  queryOptions<VerifyResetTokenResponse>({
    queryKey: ['/api/auth/verify-reset-token', encodeURIComponent(token)],
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function useVerifyResetToken(token: string) {
  return useQuery(verifyResetTokenQueryOptions(token));
}
