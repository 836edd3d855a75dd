import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimPackLink } from '@shared/claim-pack';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from './get-claim';
import { useRevokeLinkMutation } from './outside-links';

/** The claim pack (issue 32): its download address, and the links sent to adjusters. */

export const claimPackUrl = (claimId: string) => `/api/vehicles/${encodeURIComponent(claimId)}/claim-pack`;
const linksUrl = (claimId: string) => `${claimPackUrl(claimId)}/links`;
const claimPackLinksKey = (claimId: string) => [...claimQueryKey(claimId), 'claim-pack-links'] as const;

export function useClaimPackLinksQuery(claimId: string) {
  return useQuery({
    queryKey: claimPackLinksKey(claimId),
    queryFn: async () => {
      const response = await apiRequest('GET', linksUrl(claimId));
      return ((await response.json()) as { items: ClaimPackLink[] }).items;
    },
  });
}

export function useSendClaimPackMutation(claimId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (to: string) =>
      (await (await apiRequest('POST', linksUrl(claimId), { to })).json()) as ClaimPackLink,
    onSuccess: () => client.invalidateQueries({ queryKey: claimPackLinksKey(claimId) }),
  });
}

export const useRevokeClaimPackLinkMutation = (claimId: string) =>
  useRevokeLinkMutation<ClaimPackLink>(linksUrl(claimId), claimPackLinksKey(claimId));
