import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopClaim } from '@shared/shop-links';
import type { ClaimStatus } from '@shared/workflows';

import { apiRequest, uploadWithProgress } from '../../../lib/api-client';

/** The shop's side of a shop link (issue 32): its claim, and each update, answered with the claim as it now is. */

export const shopLinkApi = (token: string) => `/api/shop-links/${encodeURIComponent(token)}`;
const shopClaimKey = (token: string) => ['shop-link', token] as const;

export function useShopClaimQuery(token: string) {
  return useQuery({
    queryKey: shopClaimKey(token),
    retry: false,
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', shopLinkApi(token), undefined, { signal, cache: 'no-store' })
      ).json()) as ShopClaim,
  });
}

/** An update: its answer is the claim as it now is, put straight into the page's query. */
function useShopUpdate<Input>(token: string, send: (input: Input) => Promise<Response>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await (await send(input)).json()) as ShopClaim,
    onSuccess: (claim) => client.setQueryData(shopClaimKey(token), claim),
    // A stale version (409): the page shows the claim as it is now.
    onError: () => client.invalidateQueries({ queryKey: shopClaimKey(token) }),
  });
}

export const useShopMoveMutation = (token: string) =>
  useShopUpdate(token, (input: { to: ClaimStatus; note?: string; version: number }) =>
    apiRequest('POST', `${shopLinkApi(token)}/moves`, input),
  );

export const useShopEtaMutation = (token: string) =>
  useShopUpdate(token, (input: { eta: string; reason?: string; version: number }) =>
    apiRequest('PUT', `${shopLinkApi(token)}/eta`, input),
  );

export const useShopNoteMutation = (token: string) =>
  useShopUpdate(token, (body: string) => apiRequest('POST', `${shopLinkApi(token)}/notes`, { body }));

export const useShopUploadMutation = (token: string) =>
  useShopUpdate(token, ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
    const form = new FormData();
    form.append('kind', file.type.startsWith('image/') ? 'photo' : 'estimate');
    form.append('file', file);
    return uploadWithProgress(`${shopLinkApi(token)}/files`, form, { onProgress });
  });
