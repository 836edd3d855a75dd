import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DriverReport, openedClaimSchema } from '@shared/driver-reports';

import { toast } from '../../../hooks/use-toast';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { CLAIMS_QUERY_KEY } from '../../claims';
import { DRIVER_REPORTS_QUERY_KEY } from './get-driver-reports';

/** The claim a report opened: its page is `/vehicles/{id}`. */
export type OpenedClaim = z.infer<typeof openedClaimSchema>;

const reportApi = (report: DriverReport, action: 'claim' | 'attach' | 'dismiss') =>
  `/api/driver-reports/${encodeURIComponent(report.id)}/${action}`;

/** `POST …/claim`: a new claim on the report's vehicle, in the workflow of its kind (`workflowForReport`). */
export async function openClaimFromReport(report: DriverReport): Promise<OpenedClaim> {
  return (await (await apiRequest('POST', reportApi(report, 'claim'), {})).json()) as OpenedClaim;
}

/** `POST …/attach`: the report joins one of its vehicle's open claims. */
export async function attachDriverReport({
  report,
  claimId,
}: {
  report: DriverReport;
  claimId: string;
}): Promise<DriverReport> {
  return (await (await apiRequest('POST', reportApi(report, 'attach'), { claimId })).json()) as DriverReport;
}

/** `POST …/dismiss`: nothing to do about it, and why. */
export async function dismissDriverReport({
  report,
  reason,
}: {
  report: DriverReport;
  reason: string;
}): Promise<DriverReport> {
  return (await (await apiRequest('POST', reportApi(report, 'dismiss'), { reason })).json()) as DriverReport;
}

/** A 409: someone else handled the report first; the list (and the count) show it as it is now. */
export const isHandledConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

/** A 400 with a reason's message, which the dismiss dialog shows under its field rather than in a toast. */
export const reasonError = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 400 ? error.fieldErrors?.reason?.[0] : undefined;

function failed(title: string, error: Error) {
  // A 401 already ended the session with its own toast; a second one would hide it (one toast at a time).
  if (error instanceof ApiError && error.status === 401) return;
  if (reasonError(error)) return;
  toast({
    variant: 'destructive',
    title,
    description: isHandledConflict(error)
      ? `${error.message}: the list now shows it under Handled.`
      : error.message,
  });
}

/**
 * A triage action on one report. Its toasts live here, not in the card's `mutate` callbacks: a handled report
 * leaves the New list and its card unmounts before they would run. Whatever the answer, the lists and the
 * sidebar's count are fetched again (the same key); a report that became part of a claim changes the claims too.
 */
function useTriageMutation<Variables, Data>({
  mutationFn,
  failureTitle,
  onSuccess,
  changesClaims,
}: {
  mutationFn: (variables: Variables) => Promise<Data>;
  failureTitle: string;
  onSuccess: (data: Data, variables: Variables) => void;
  changesClaims: boolean;
}) {
  const client = useQueryClient();
  return useMutation<Data, Error, Variables>({
    mutationFn,
    onSuccess: (data, variables) => {
      onSuccess(data, variables);
      if (changesClaims) void client.invalidateQueries({ queryKey: CLAIMS_QUERY_KEY });
    },
    onError: (error) => failed(failureTitle, error),
    onSettled: () => refetchDriverReports(client),
  });
}

export function refetchDriverReports(client: QueryClient) {
  return client.invalidateQueries({ queryKey: DRIVER_REPORTS_QUERY_KEY });
}

export function useOpenClaimMutation(onOpened: (claim: OpenedClaim, report: DriverReport) => void) {
  return useTriageMutation({
    mutationFn: openClaimFromReport,
    failureTitle: 'Could not open a claim',
    onSuccess: onOpened,
    changesClaims: true,
  });
}

export function useAttachDriverReportMutation() {
  return useTriageMutation({
    mutationFn: attachDriverReport,
    failureTitle: 'Could not attach the report',
    onSuccess: (report, { claimId }) => {
      // The answer names the claim; the choice made says the same.
      const claim = report.claim ?? report.openClaims.find((open) => open.id === claimId);
      toast({
        title: 'Report attached',
        description: claim
          ? `${report.reference} is now part of claim ${claim.claimNumber}.`
          : `${report.reference} is now part of the claim.`,
      });
    },
    changesClaims: true,
  });
}

export function useDismissDriverReportMutation() {
  return useTriageMutation({
    mutationFn: dismissDriverReport,
    failureTitle: 'Could not dismiss the report',
    onSuccess: (report) =>
      toast({ title: 'Report dismissed', description: `${report.reference} is now under Handled.` }),
    changesClaims: false,
  });
}
