import { useState } from 'react';
import { BugIcon } from 'lucide-react';
import type { BugReport } from '@shared/support';
import { BUG_STATUS_LABELS, BUG_STATUSES } from '@shared/support';

import { Button } from '../../../components/ui/button';
import { useBugReports } from '../api/get-bug-reports';
import { SUPPORT_PAGE_SIZE } from '../api/list-filter';
import { useSupportListFilter } from '../hooks/use-support-list-filter';
import { BugReportSheet } from './bug-report-sheet';
import { BugReportsTable, BugReportsTableSkeleton } from './bug-reports-table';
import { ListEmpty, ListLoadError } from '../../../components/list-states';
import { SupportListToolbar } from './support-list-toolbar';
import { ListPagination } from '../../../components/list-pagination';

/** Bug Reports: what users reported from Help, newest first, with search, status and paging. */
export function BugReports() {
  const { filter, setFilter, clearFilters, filtered } = useSupportListFilter(BUG_STATUSES);
  const reports = useBugReports(filter);
  const [opened, setOpened] = useState<BugReport | null>(null);
  const list = reports.data;
  // The row as the list shows it now (a status change updates it), else as it was when opened.
  const shown = opened && (list?.items.find((item) => item.id === opened.id) ?? opened);

  return (
    <div className="grid gap-4">
      <SupportListToolbar
        label="Filter bug reports"
        searchLabel="Search bug reports"
        searchPlaceholder="Search title or description"
        statuses={BUG_STATUSES}
        statusLabels={BUG_STATUS_LABELS}
        filter={filter}
        filtered={filtered}
        onChange={setFilter}
        onClear={clearFilters}
      />
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
        {reports.isPending ? (
          <BugReportsTableSkeleton />
        ) : reports.isError && !list ? (
          <ListLoadError
            title="The bug reports could not be loaded"
            message={reports.error.message}
            retrying={reports.isFetching}
            onRetry={() => void reports.refetch()}
          />
        ) : list && list.items.length > 0 ? (
          <div aria-busy={reports.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
            <BugReportsTable reports={list.items} onOpen={setOpened} />
          </div>
        ) : list && list.total > 0 ? (
          <ListEmpty
            icon={<BugIcon />}
            title="There are no reports on this page"
            action={
              <Button variant="outline" size="sm" onClick={() => setFilter({ page: 1 })}>
                Go to the first page
              </Button>
            }
          />
        ) : filtered ? (
          <ListEmpty
            icon={<BugIcon />}
            title="No reports match these filters"
            action={
              <Button variant="outline" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <ListEmpty icon={<BugIcon />} title="No bug reports yet">
            When someone uses “Report a bug” on the Help page, the report lands here with the page and browser
            they were using.
          </ListEmpty>
        )}
      </div>
      {list && list.total > 0 && (
        <ListPagination
          page={list.page}
          pageSize={list.pageSize || SUPPORT_PAGE_SIZE}
          total={list.total}
          noun={['report', 'reports']}
          onPageChange={(page) => setFilter({ page })}
        />
      )}
      <BugReportSheet shown={shown} onOpenChange={(open) => !open && setOpened(null)} />
    </div>
  );
}
