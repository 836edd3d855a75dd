import { TriangleAlertIcon } from 'lucide-react';
import {
  DRIVER_REPORTS_PAGE_SIZE,
  listDriverReportsQuerySchema,
  type DriverReport,
} from '@shared/driver-reports';

import { ListFrame, useUrlFilters } from '../../../components/data-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useDriverReportCount } from '../api/get-driver-report-count';
import { useDriverReports, type DriverReportsFilter } from '../api/get-driver-reports';
import { DriverReportCard } from './driver-report-card';
import { DriverReportsSkeleton } from './driver-reports-skeleton';

type Status = DriverReportsFilter['status'];

/** The address keeps the list and its page, leaving out what goes without saying (the New list, page 1). */
function tidy(params: URLSearchParams) {
  if (params.get('page') === '1') params.delete('page');
  if (params.get('status') === 'new') params.delete('status');
  return params;
}

const EMPTY: Record<Status, { none: string; text: string }> = {
  new: {
    none: 'No new driver reports',
    text: 'Drivers report an accident, damage or a breakdown by scanning the QR code on the vehicle’s window tag or vehicle card. What they send waits here for you to open a claim, attach it to one, or dismiss it.',
  },
  handled: {
    none: 'No handled driver reports yet',
    text: 'Reports you open a claim from, attach to a claim or dismiss are kept here, with what became of them.',
  },
};

function ReportList({
  filter,
  onPageChange,
}: {
  filter: DriverReportsFilter;
  onPageChange: (page: number) => void;
}) {
  const query = useDriverReports(filter);
  const empty = EMPTY[filter.status];
  return (
    <div className="grid gap-4">
      <ListFrame<DriverReport>
        query={query}
        noun={['driver report', 'driver reports']}
        pageSize={DRIVER_REPORTS_PAGE_SIZE}
        icon={<TriangleAlertIcon />}
        skeleton={<DriverReportsSkeleton />}
        filtered={false}
        messages={{ loadError: 'The driver reports could not be loaded', none: empty.none }}
        emptyText={empty.text}
        onClear={() => onPageChange(1)}
        onPageChange={onPageChange}
      >
        {(items) => (
          <ul
            aria-label={filter.status === 'new' ? 'New driver reports' : 'Handled driver reports'}
            className="divide-y"
          >
            {items.map((report) => (
              <li key={report.id}>
                <DriverReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </div>
  );
}

/**
 * The managers’ triage list of driver reports (issue 32): New, in the order the server gives them, each
 * to open a claim from, attach to an open claim or dismiss; Handled, with what became of each. The tab and the
 * page live in the address (`?status=handled&page=2`).
 */
export function DriverReports() {
  const { filter, setFilter } = useUrlFilters(listDriverReportsQuerySchema, {
    filterKeys: [],
    tidy,
    pushHistory: true,
  });
  const count = useDriverReportCount({ enabled: true }).data?.new;
  const list = (status: Status) =>
    filter.status === status && <ReportList filter={filter} onPageChange={(page) => setFilter({ page })} />;

  return (
    <Tabs
      value={filter.status}
      onValueChange={(status) => setFilter({ status: status as Status })}
      className="gap-4"
    >
      <TabsList aria-label="Driver reports" className="w-full sm:w-fit">
        <TabsTrigger value="new" className="sm:px-4">
          New
          {count !== undefined && count > 0 && (
            <span className="bg-primary text-primary-foreground rounded-full px-1.5 text-xs tabular-nums">
              <span className="sr-only">, </span>
              {count}
            </span>
          )}
        </TabsTrigger>
        <TabsTrigger value="handled" className="sm:px-4">
          Handled
        </TabsTrigger>
      </TabsList>
      <TabsContent value="new">{list('new')}</TabsContent>
      <TabsContent value="handled">{list('handled')}</TabsContent>
    </Tabs>
  );
}
