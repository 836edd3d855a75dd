import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportLink } from '@shared/driver-reports';

import { apiRequest } from '../../../lib/api-client';

/**
 * A vehicle's report link (issue 32) as those who edit claims see it: shown (the server makes it on first use),
 * renewed, turned off, and printed on its vehicle card.
 */

const vehicleUrl = (vehicleId: string) => `/api/fleet-vehicles/${encodeURIComponent(vehicleId)}`;
const linkUrl = (vehicleId: string) => `${vehicleUrl(vehicleId)}/report-link`;
const reportLinkKey = (vehicleId: string) => ['/api/fleet-vehicles', vehicleId, 'report-link'] as const;

/** The printable vehicle card (a PDF download): its QR code is the vehicle's working report link. */
export const vehicleCardUrl = (vehicleId: string) => `${vehicleUrl(vehicleId)}/card.pdf`;

/**
 * The vehicle's report link: the server makes it on first use; one turned off stays off (`active: false`) until
 * Renew makes the next.
 */
export function useReportLinkQuery(vehicleId: string) {
  return useQuery<ReportLink>({
    queryKey: reportLinkKey(vehicleId),
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', linkUrl(vehicleId), undefined, { signal, cache: 'no-store' })
      ).json()) as ReportLink,
  });
}

/** Renews the link: cards and window tags printed with the old one stop working. */
export function useRenewReportLinkMutation(vehicleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', linkUrl(vehicleId))).json()) as ReportLink,
    onSuccess: (link) => client.setQueryData(reportLinkKey(vehicleId), link),
  });
}

/** Turns the link off: its cards and window tags stop working until it is renewed. */
export function useRevokeReportLinkMutation(vehicleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', linkUrl(vehicleId));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: reportLinkKey(vehicleId) }),
  });
}
