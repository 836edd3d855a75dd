import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointRequest } from '@shared/webhooks';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';

/** Every webhook query lives under this key. */
export const WEBHOOKS_QUERY_KEY = ['/api/webhooks'] as const;
export const DELIVERIES_PAGE_SIZE = 20;

const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;
const endpointUrl = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** `GET /api/webhooks`: every endpoint, newest first, without its secret. */
export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: () => json<WebhookEndpoint[]>(apiRequest('GET', '/api/webhooks')),
  });
}

/** `GET /api/webhooks/{id}/deliveries`: an endpoint's log, newest first, a page at a time. */
export function useDeliveries(endpointId: string | null, page: number) {
  return useQuery({
    queryKey: [...WEBHOOKS_QUERY_KEY, endpointId, 'deliveries', page],
    queryFn: () =>
      json<{ items: WebhookDelivery[]; total: number }>(
        apiRequest(
          'GET',
          `${endpointUrl(endpointId!)}/deliveries?page=${page}&pageSize=${DELIVERIES_PAGE_SIZE}`,
        ),
      ),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
  });
}

function useInvalidating<I, O>(
  mutationFn: (input: I) => Promise<O>,
  onSuccess?: (output: O) => void,
  failure?: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess,
    onError: failure
      ? (error) => toast({ variant: 'destructive', title: failure, description: error.message })
      : undefined,
    onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** `POST /api/webhooks`: the answer holds the signing secret, shown this once. */
export const useCreateWebhookMutation = () =>
  useInvalidating((input: WebhookEndpointRequest) =>
    json<{ endpoint: WebhookEndpoint; secret: string }>(apiRequest('POST', '/api/webhooks', input)),
  );

/** `PATCH /api/webhooks/{id}` with `enabled`: on again, its failures are forgotten. */
export const useSwitchWebhookMutation = () =>
  useInvalidating(
    ({ id, enabled }: { id: string; enabled: boolean }) =>
      json<WebhookEndpoint>(apiRequest('PATCH', endpointUrl(id), { enabled })),
    (endpoint) =>
      toast({
        title: endpoint.enabled ? 'Webhook turned on' : 'Webhook turned off',
        description: endpoint.enabled
          ? `${endpoint.url} receives events again.`
          : `${endpoint.url} receives no events.`,
      }),
    'Could not change the webhook',
  );

/** `DELETE /api/webhooks/{id}`: the endpoint and its log are gone. */
export const useDeleteWebhookMutation = () =>
  useInvalidating(
    async (endpoint: WebhookEndpoint) => {
      await apiRequest('DELETE', endpointUrl(endpoint.id));
      return endpoint;
    },
    (endpoint) =>
      toast({ title: 'Webhook deleted', description: `${endpoint.url} receives no more events.` }),
    'Could not delete the webhook',
  );

/** `POST /api/webhooks/{id}/deliveries/{deliveryId}/resend`: the same event, queued again now. */
export const useResendDeliveryMutation = () =>
  useInvalidating(
    ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      json<WebhookDelivery>(
        apiRequest('POST', `${endpointUrl(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
      ),
    () =>
      toast({
        title: 'Delivery queued again',
        description: 'It goes out within a few seconds, with the same event id.',
      }),
    'Could not resend the delivery',
  );
