import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BugReport, BugReportRequest } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';
import { BUG_REPORTS_QUERY_KEY } from './get-bug-reports';

/** `POST /api/bug-reports`: any signed-in user reports a problem from /help. */
export async function createBugReport(body: BugReportRequest): Promise<BugReport> {
  const res = await apiRequest('POST', '/api/bug-reports', body);
  return (await res.json()) as BugReport;
}

export function useCreateBugReportMutation() {
  const client = useQueryClient();
  return useMutation<BugReport, Error, BugReportRequest>({
    mutationFn: createBugReport,
    // An admin reporting a bug sees it in Bug Reports at once.
    onSuccess: () => client.invalidateQueries({ queryKey: BUG_REPORTS_QUERY_KEY }),
  });
}
