import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenRequest, CreatedApiToken } from '@shared/api-tokens';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

/** Every API token query lives under this key. */
export const API_TOKENS_QUERY_KEY = ['/api/api-tokens'] as const;

/** `GET /api/api-tokens`: every token, newest first, without the tokens themselves. */
export function useApiTokens() {
  return useQuery({
    queryKey: API_TOKENS_QUERY_KEY,
    queryFn: async () => (await (await apiRequest('GET', '/api/api-tokens')).json()) as ApiToken[],
  });
}

/** `POST /api/api-tokens`: the answer holds the token, shown this once. */
export function useCreateApiTokenMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiTokenRequest) =>
      (await (await apiRequest('POST', '/api/api-tokens', input)).json()) as CreatedApiToken,
    onSettled: () => client.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}

/** `POST /api/api-tokens/{id}/revoke`: its next request answers 401. */
export function useRevokeApiTokenMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: ApiToken) =>
      (await (
        await apiRequest('POST', `/api/api-tokens/${encodeURIComponent(token.id)}/revoke`)
      ).json()) as ApiToken,
    onSuccess: (token) =>
      toast({
        title: 'Token revoked',
        description: `“${token.name}” no longer works. Systems using it get 401.`,
      }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not revoke the token', description: error.message }),
    onSettled: () => client.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
