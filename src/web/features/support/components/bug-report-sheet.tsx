import type { BugReport } from '@shared/support';
import { BUG_STATUS_LABELS, BUG_STATUSES } from '@shared/support';

import { DetailList, DetailSheet, useLastShown, WrittenText } from '../../../components/data-list';
import { toast } from '../../../hooks/use-toast';
import { useBugReport } from '../api/get-bug-report';
import { useUpdateBugReportMutation } from '../api/update-bug-report';
import { reporterName } from './bug-reports-table';
import { SeverityBadge } from './support-badges';
import { DateTime, StatusSelect } from './support-detail';

const linkClass =
  'text-primary rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 break-all';

/** Only web addresses become links: a page URL is whatever the reporter's browser sent. */
function PageLink({ url }: { url: string }) {
  if (!/^https?:\/\//i.test(url)) return <span className="break-all">{url}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {url}
    </a>
  );
}

function ReportDetails({
  report,
  onChangeStatus,
}: {
  report: BugReport;
  onChangeStatus: (status: BugReport['status']) => void;
}) {
  return (
    <div className="grid gap-6 overflow-y-auto px-4 pb-6">
      <StatusSelect
        value={report.status}
        statuses={BUG_STATUSES}
        labels={BUG_STATUS_LABELS}
        onChange={onChangeStatus}
      />
      <DetailList
        labels="narrow"
        rows={[
          { label: 'Severity', value: <SeverityBadge severity={report.severity} /> },
          {
            label: 'Reported by',
            value: report.reporter ? (
              <>
                {report.reporter.name}{' '}
                <span className="text-muted-foreground">@{report.reporter.username}</span>
              </>
            ) : (
              'Deleted user'
            ),
          },
          { label: 'Reported', value: <DateTime at={report.createdAt} /> },
          { label: 'Last changed', value: <DateTime at={report.updatedAt} /> },
          { label: 'Page', value: report.pageUrl && <PageLink url={report.pageUrl} /> },
          {
            label: 'Browser',
            value: report.browser && (
              <span className="font-mono text-xs/5 [overflow-wrap:anywhere]">{report.browser}</span>
            ),
          },
        ]}
      />
      <WrittenText label="What happened">{report.description}</WrittenText>
    </div>
  );
}

/** One report in full, beside the list, with its status. */
export function BugReportSheet({
  shown,
  onOpenChange,
}: {
  /** The report as the list shows it; the sheet is open while there is one. */
  shown: BugReport | null;
  onOpenChange: (open: boolean) => void;
}) {
  // Keeps showing the last report while the sheet slides out.
  const last = useLastShown(shown);
  const detail = useBugReport(shown?.id, shown ?? undefined);
  const report = (shown && detail.data) || last;

  // Here rather than in the details, so the outcome is told even if the sheet was closed meanwhile.
  const mutation = useUpdateBugReportMutation();
  const changeStatus = (id: string, title: string, status: BugReport['status']) =>
    mutation.mutate(
      { id, status },
      {
        onSuccess: () =>
          toast({ title: 'Status updated', description: `“${title}” is now ${BUG_STATUS_LABELS[status]}.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not change the status', description: error.message }),
      },
    );

  return (
    <DetailSheet
      open={shown !== null}
      title={report?.title ?? 'Bug report'}
      description={report ? `Reported by ${reporterName(report)}` : null}
      className="gap-2"
      onOpenChange={onOpenChange}
    >
      {report && (
        <ReportDetails
          key={report.id}
          report={report}
          onChangeStatus={(status) => changeStatus(report.id, report.title, status)}
        />
      )}
    </DetailSheet>
  );
}
