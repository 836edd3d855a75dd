import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedShopLink, ShopLink } from '@shared/shop-links';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from './get-claim';
import { useRevokeLinkMutation } from './outside-links';

/** A claim's shop links (issue 32): those sent to its repair facility, a new one, a revoked one. */

const linksUrl = (claimId: string) => `/api/vehicles/${encodeURIComponent(claimId)}/shop-links`;
const shopLinksKey = (claimId: string) => [...claimQueryKey(claimId), 'shop-links'] as const;

export function useShopLinksQuery(claimId: string) {
  return useQuery({
    queryKey: shopLinksKey(claimId),
    queryFn: async () =>
      ((await (await apiRequest('GET', linksUrl(claimId))).json()) as { items: ShopLink[] }).items,
  });
}

export function useCreateShopLinkMutation(claimId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (to: string | undefined) =>
      (await (await apiRequest('POST', linksUrl(claimId), to ? { to } : {})).json()) as CreatedShopLink,
    onSuccess: () => client.invalidateQueries({ queryKey: shopLinksKey(claimId) }),
  });
}

export const useRevokeShopLinkMutation = (claimId: string) =>
  useRevokeLinkMutation<ShopLink>(linksUrl(claimId), shopLinksKey(claimId));
