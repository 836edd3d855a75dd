import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReportSubscriptionInput,
  ReportDelivery,
  ReportSubscription,
} from '@shared/report-subscriptions';

import { apiRequest } from '../../../lib/api-client';

export const REPORT_SUBSCRIPTIONS_KEY = ['report-subscriptions'] as const;
const URL = '/api/report-subscriptions';

/** `GET /api/report-subscriptions`: the user's own running subscriptions, newest first. */
export function useReportSubscriptions() {
  return useQuery({
    queryKey: REPORT_SUBSCRIPTIONS_KEY,
    queryFn: async ({ signal }) =>
      (await (await apiRequest('GET', URL, undefined, { signal })).json()) as ReportSubscription[],
  });
}

/** `GET /api/report-subscriptions/{id}/deliveries`: a subscription's delivery log, asked for when shown. */
export function useReportDeliveries(subscriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...REPORT_SUBSCRIPTIONS_KEY, subscriptionId, 'deliveries'],
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', `${URL}/${subscriptionId}/deliveries`, undefined, { signal })
      ).json()) as ReportDelivery[],
    enabled,
  });
}

/** Where a delivery's PDF downloads from (sent or not). */
export const reportDeliveryPdfUrl = (deliveryId: string) => `/api/report-deliveries/${deliveryId}/pdf`;

/** `POST /api/report-subscriptions`: "Email me this report" with the page's filters. */
export function useCreateReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation<ReportSubscription, Error, CreateReportSubscriptionInput>({
    mutationFn: async (input) => (await (await apiRequest('POST', URL, input)).json()) as ReportSubscription,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: REPORT_SUBSCRIPTIONS_KEY }),
  });
}

/** `DELETE /api/report-subscriptions/{id}`: no more mail (the log stays on the server). */
export function useCancelReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: async (id) => void (await apiRequest('DELETE', `${URL}/${id}`)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: REPORT_SUBSCRIPTIONS_KEY }),
  });
}
