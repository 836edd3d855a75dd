import type { BugReport } from '@shared/support';

import type { DataColumn } from '../../../components/data-list';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { BugStatusBadge, SeverityBadge } from './support-badges';

/** Columns that give way on narrow screens: title, status and date always stay. */
const SEVERITY = 'hidden sm:table-cell';
const REPORTER = 'hidden lg:table-cell';
const PAGE = 'hidden xl:table-cell';

/** The path of the page a report came from, which says more in a table than the whole address. */
export function pagePath(pageUrl: string): string {
  try {
    const url = new URL(pageUrl);
    return `${url.pathname}${url.search}`;
  } catch {
    return pageUrl;
  }
}

export function reporterName(report: BugReport): string {
  return report.reporter ? report.reporter.name : 'Deleted user';
}

/** The columns of Bug Reports; the title opens the report (`onOpen`), as the whole row does. */
export function bugReportColumns(onOpen: (report: BugReport) => void): DataColumn<BugReport>[] {
  return [
    {
      id: 'report',
      header: 'Report',
      className: 'pl-4',
      headerClassName: 'w-full',
      cellClassName: 'max-w-0 min-w-44 whitespace-normal sm:min-w-64',
      skeleton: ['h-4 w-48', 'h-3 w-24'],
      cell: (report) => (
        <>
          <button
            type="button"
            onClick={() => onOpen(report)}
            className="focus-visible:ring-ring/50 line-clamp-2 rounded-sm text-left font-medium [overflow-wrap:anywhere] outline-none hover:underline focus-visible:ring-[3px] sm:line-clamp-1"
          >
            {report.title}
          </button>
          <p className="text-muted-foreground truncate text-xs lg:hidden">{reporterName(report)}</p>
          <div className="mt-1 sm:hidden">
            <SeverityBadge severity={report.severity} />
          </div>
        </>
      ),
    },
    {
      id: 'severity',
      header: 'Severity',
      className: SEVERITY,
      skeleton: ['h-5 w-16'],
      cell: (report) => <SeverityBadge severity={report.severity} />,
    },
    {
      id: 'reporter',
      header: 'Reported by',
      className: REPORTER,
      skeleton: ['h-4 w-28'],
      cell: (report) =>
        report.reporter ? (
          <span title={`@${report.reporter.username}`}>{report.reporter.name}</span>
        ) : (
          <span className="text-muted-foreground">Deleted user</span>
        ),
    },
    {
      id: 'page',
      header: 'Page',
      className: PAGE,
      cellClassName: 'text-muted-foreground max-w-56 truncate font-mono text-xs',
      skeleton: ['h-4 w-32'],
      cell: (report) => (report.pageUrl ? pagePath(report.pageUrl) : '—'),
    },
    {
      id: 'status',
      header: 'Status',
      skeleton: ['h-5 w-16'],
      cell: (report) => <BugStatusBadge status={report.status} />,
    },
    {
      id: 'reported',
      header: 'Reported',
      className: 'pr-4 text-right',
      cellClassName: 'text-muted-foreground',
      skeleton: ['ml-auto h-4 w-20'],
      cell: (report) => (
        <time dateTime={report.createdAt} title={formatDateTime(report.createdAt)}>
          {formatRelativeTime(report.createdAt)}
        </time>
      ),
    },
  ];
}
