import type { BugReport } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';
import { BUG_REPORTS_QUERY_KEY, type BugStatus } from './get-bug-reports';
import { useOptimisticStatusMutation } from './optimistic-status';

export type UpdateBugReportInput = { id: string; status: BugStatus };

export async function updateBugReport({ id, status }: UpdateBugReportInput): Promise<BugReport> {
  const res = await apiRequest('PATCH', `/api/bug-reports/${encodeURIComponent(id)}`, { status });
  return (await res.json()) as BugReport;
}

/** Moves a report to another status; lists and the open detail show it at once, and roll back on failure. */
export function useUpdateBugReportMutation() {
  return useOptimisticStatusMutation<BugReport, BugStatus>(BUG_REPORTS_QUERY_KEY, updateBugReport);
}
