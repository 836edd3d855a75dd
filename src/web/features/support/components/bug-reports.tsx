import { BugIcon } from 'lucide-react';
import { BUG_STATUS_LABELS, BUG_STATUSES, listBugReportsQuerySchema, type BugReport } from '@shared/support';

import { useBugReports, type BugStatus } from '../api/get-bug-reports';
import { BugReportSheet } from './bug-report-sheet';
import { bugReportColumns } from './bug-reports-table';
import { SupportList, type SupportListConfig } from './support-list';

const BUG_REPORTS_LIST: SupportListConfig<BugReport, BugStatus> = {
  schema: listBugReportsQuerySchema.omit({ pageSize: true }),
  useList: useBugReports,
  statuses: BUG_STATUSES,
  statusLabels: BUG_STATUS_LABELS,
  toolbar: {
    label: 'Filter bug reports',
    searchLabel: 'Search bug reports',
    searchPlaceholder: 'Search title or description',
  },
  tableLabel: 'Bug reports',
  loadingLabel: 'Loading bug reports',
  columns: bugReportColumns,
  noun: ['report', 'reports'],
  icon: <BugIcon />,
  messages: {
    loadError: 'The bug reports could not be loaded',
    pastEnd: 'There are no reports on this page',
    noMatch: 'No reports match these filters',
    none: 'No bug reports yet',
  },
  emptyText:
    'When someone uses “Report a bug” on the Help page, the report lands here with the page and browser they were using.',
  Sheet: BugReportSheet,
};

/** Bug Reports: what users reported from Help, newest first, with search, status and paging. */
export function BugReports() {
  return <SupportList config={BUG_REPORTS_LIST} />;
}
