import { useMutation, useQuery } from '@tanstack/react-query';
import type { DriverReportForm, ReportLinkVehicle, SentDriverReport } from '@shared/driver-reports';

import { apiRequest, uploadWithProgress } from '../../../lib/api-client';

/**
 * A driver's side of a vehicle's report link (issue 32), without an account: the vehicle the link names, the report
 * sent through it, and the report's photos, sent one by one with the key the report was answered with.
 */

const reportLinkApi = (token: string) => `/api/report-links/${encodeURIComponent(token)}`;

export function useReportLinkQuery(token: string) {
  return useQuery({
    queryKey: ['report-link', token],
    retry: false,
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', reportLinkApi(token), undefined, { signal, cache: 'no-store' })
      ).json()) as ReportLinkVehicle,
  });
}

export function useSendReportMutation(token: string) {
  return useMutation({
    mutationFn: async (report: DriverReportForm) =>
      (await (
        await apiRequest('POST', `${reportLinkApi(token)}/reports`, report)
      ).json()) as SentDriverReport,
  });
}

/** One photo of a sent report, as a multipart form with its one field `file`. */
export async function sendReportPhoto(uploadKey: string, photo: Blob, fileName: string): Promise<void> {
  const form = new FormData();
  form.append('file', photo, fileName);
  const res = await uploadWithProgress(`/api/report-uploads/${encodeURIComponent(uploadKey)}/photos`, form);
  await res.text();
}
