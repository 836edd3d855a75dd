import { useQuery } from '@tanstack/react-query';
import type { AuthOptions } from '@shared/auth';

/** Which ways to sign in the server offers (`GET /api/auth/options`); they change only with a restart. */
export function useAuthOptions() {
  return useQuery<AuthOptions>({ queryKey: ['/api/auth/options'], staleTime: Infinity });
}
