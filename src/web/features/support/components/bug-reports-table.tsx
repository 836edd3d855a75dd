import type { BugReport } from '@shared/support';

import { TableSkeleton, type SkeletonCell } from '../../../components/ui/table-skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
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

function Header() {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className="w-full pl-4">Report</TableHead>
        <TableHead className={SEVERITY}>Severity</TableHead>
        <TableHead className={REPORTER}>Reported by</TableHead>
        <TableHead className={PAGE}>Page</TableHead>
        <TableHead>Status</TableHead>
        <TableHead className="pr-4 text-right">Reported</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** The loading rows, cell for cell like the real ones. */
const BUG_REPORTS_SKELETON: SkeletonCell[] = [
  { className: 'pl-4', bars: ['h-4 w-48', 'h-3 w-24'] },
  { className: SEVERITY, bars: ['h-5 w-16'] },
  { className: REPORTER, bars: ['h-4 w-28'] },
  { className: PAGE, bars: ['h-4 w-32'] },
  { bars: ['h-5 w-16'] },
  { className: 'pr-4', bars: ['ml-auto h-4 w-20'] },
];

export function BugReportsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <TableSkeleton label="Loading bug reports" header={<Header />} cells={BUG_REPORTS_SKELETON} rows={rows} />
  );
}

/** The reports users sent from Help; a row opens the report. */
export function BugReportsTable({
  reports,
  onOpen,
}: {
  reports: readonly BugReport[];
  onOpen: (report: BugReport) => void;
}) {
  return (
    <Table aria-label="Bug reports">
      <Header />
      <TableBody>
        {reports.map((report) => (
          <TableRow key={report.id} onClick={() => onOpen(report)} className="cursor-pointer">
            <TableCell className="max-w-0 min-w-44 pl-4 whitespace-normal sm:min-w-64">
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
            </TableCell>
            <TableCell className={SEVERITY}>
              <SeverityBadge severity={report.severity} />
            </TableCell>
            <TableCell className={REPORTER}>
              {report.reporter ? (
                <span title={`@${report.reporter.username}`}>{report.reporter.name}</span>
              ) : (
                <span className="text-muted-foreground">Deleted user</span>
              )}
            </TableCell>
            <TableCell className={`${PAGE} text-muted-foreground max-w-56 truncate font-mono text-xs`}>
              {report.pageUrl ? pagePath(report.pageUrl) : '—'}
            </TableCell>
            <TableCell>
              <BugStatusBadge status={report.status} />
            </TableCell>
            <TableCell className="text-muted-foreground pr-4 text-right">
              <time dateTime={report.createdAt} title={formatDateTime(report.createdAt)}>
                {formatRelativeTime(report.createdAt)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
