import { useCallback, useMemo, useState } from 'react';
import { DownloadIcon, FileSearchIcon, LinkIcon, RotateCcwIcon } from 'lucide-react';
import {
  CCC_IMPORT_RESULT_LABELS,
  CCC_IMPORT_RESULTS,
  listCccImportsQuerySchema,
  type CccImport,
} from '@shared/ccc';

import {
  DataTable,
  DataTableSkeleton,
  DateFilter,
  FilterSelect,
  ListFrame,
  ListToolbar,
  RowActions,
  ToolbarFilters,
  useUrlFilters,
  type DataColumn,
} from '../../../components/data-list';
import { toast } from '../../../hooks/use-toast';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import {
  cccImportFileHref,
  useCccImports,
  useRetryCccImportMutation,
  CCC_LOG_PAGE_SIZE,
} from '../api/ccc-api';
import { AssignClaimDialog } from './assign-claim-dialog';
import { CccClaimLink, cccImportCanLand, CccResultBadge } from './ccc-result';

/** The log's filters in the address: `?tab=ccc&result=unmatched&from=2026-11-01&to=2026-11-25&page=2`. */
const LOG_FILTER_SCHEMA = listCccImportsQuerySchema.pick({ result: true, from: true, to: true, page: true });

const RESULT_OPTIONS = CCC_IMPORT_RESULTS.map((value) => ({ value, label: CCC_IMPORT_RESULT_LABELS[value] }));

const dash = <span className="text-muted-foreground">—</span>;

function columns(
  onAssign: (item: CccImport) => void,
  onRetry: (item: CccImport) => void,
): DataColumn<CccImport>[] {
  return [
    {
      id: 'file',
      header: 'File',
      cellClassName: 'max-w-[16rem] whitespace-normal break-words',
      cell: (item) => (
        <span className="grid gap-0.5">
          <span className="font-medium">{item.fileName}</span>
          {item.version && <span className="text-muted-foreground text-xs break-normal">{item.version}</span>}
        </span>
      ),
      skeleton: ['h-4 w-36'],
    },
    {
      id: 'when',
      header: 'When',
      cellClassName: 'whitespace-nowrap',
      cell: (item) => (
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelativeTime(item.createdAt)}
        </time>
      ),
      skeleton: ['h-4 w-20'],
    },
    {
      id: 'who',
      header: 'Who',
      className: 'hidden md:table-cell',
      cell: (item) =>
        item.source === 'inbox' ? (
          <span className="text-muted-foreground">inbox</span>
        ) : (
          (item.uploadedBy?.name ?? dash)
        ),
      skeleton: ['h-4 w-24'],
    },
    {
      id: 'result',
      header: 'Result',
      cellClassName: 'whitespace-normal min-w-[10rem] max-w-[22rem]',
      cell: (item) => (
        <span className="grid justify-items-start gap-1">
          <CccResultBadge result={item.result} />
          {item.reason && <span className="text-muted-foreground text-xs">{item.reason}</span>}
          {item.warnings.map((warning) => (
            <span key={warning} className="text-xs text-amber-800 dark:text-amber-200">
              {warning}
            </span>
          ))}
        </span>
      ),
      skeleton: ['h-5 w-20'],
    },
    {
      id: 'claim',
      header: 'Claim',
      cellClassName: 'whitespace-nowrap',
      cell: (item) => (item.claim ? <CccClaimLink item={item} /> : dash),
      skeleton: ['h-4 w-20'],
    },
    {
      id: 'facility',
      header: 'Facility',
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-normal',
      cell: (item) =>
        item.facility.name ? (
          <span className="grid gap-0.5">
            {item.facility.name}
            {!item.facility.repairFacilityId && (
              <span className="text-muted-foreground text-xs">Not one of our facilities</span>
            )}
          </span>
        ) : (
          dash
        ),
      skeleton: ['h-4 w-28'],
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'w-12 text-right',
      stopsRowClick: true,
      cell: (item) => (
        <RowActions
          name={item.fileName}
          actions={[
            cccImportCanLand(item) && {
              label: 'Assign to a claim',
              icon: <LinkIcon />,
              onSelect: () => onAssign(item),
            },
            cccImportCanLand(item) && {
              label: 'Retry',
              icon: <RotateCcwIcon />,
              onSelect: () => onRetry(item),
            },
            {
              label: 'Download the original',
              icon: <DownloadIcon />,
              onSelect: () => window.location.assign(cccImportFileHref(item.id)),
            },
          ]}
        />
      ),
    },
  ];
}

/**
 * The import log: every file uploaded or dropped into the inbox, newest first, with what became of it and
 * where it landed; filters by result and the day received in the address; a file that did not land can be
 * assigned to a claim or retried, and any file's original downloaded.
 */
export function CccImportLog() {
  const { filter, setFilter, goTo, clearFilters, filtered } = useUrlFilters(LOG_FILTER_SCHEMA);
  const query = useCccImports(filter);
  const retry = useRetryCccImportMutation();
  const [assigning, setAssigning] = useState<CccImport | null>(null);
  const reversed = Boolean(filter.from && filter.to && filter.from > filter.to);

  const { mutate: retryImport } = retry;
  const onRetry = useCallback(
    (item: CccImport) =>
      retryImport(item.id, {
        onSuccess: (answer) =>
          toast({
            title: `${answer.fileName}: ${CCC_IMPORT_RESULT_LABELS[answer.result]}`,
            description: answer.claim ? `On ${answer.claim.number}` : (answer.reason ?? undefined),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: `Could not retry ${item.fileName}`,
            description: error.message,
          }),
      }),
    [retryImport],
  );
  const cols = useMemo(() => columns(setAssigning, onRetry), [onRetry]);

  return (
    <section aria-labelledby="ccc-log-heading" className="grid gap-3">
      <h2 id="ccc-log-heading" className="text-lg font-semibold">
        Import log
      </h2>
      <ListToolbar label="Filter the import log" filtered={filtered} onClear={clearFilters}>
        <ToolbarFilters>
          <div className="grid gap-1">
            <span className="text-muted-foreground text-xs" aria-hidden="true">
              Result
            </span>
            <FilterSelect
              label="Result"
              allLabel="Any result"
              value={filter.result}
              options={RESULT_OPTIONS}
              className="w-full sm:w-44"
              onChange={(result) => setFilter({ result })}
            />
          </div>
          <DateFilter
            label="Received from"
            value={filter.from}
            max={filter.to}
            onChange={(from) => setFilter({ from })}
          />
          <DateFilter
            label="Received to"
            value={filter.to}
            min={filter.from}
            onChange={(to) => setFilter({ to })}
          />
        </ToolbarFilters>
      </ListToolbar>
      {reversed && (
        <p role="alert" className="text-destructive text-sm">
          Received to is before received from
        </p>
      )}
      <ListFrame
        query={query}
        noun={['import', 'imports']}
        pageSize={CCC_LOG_PAGE_SIZE}
        icon={<FileSearchIcon />}
        skeleton={<DataTableSkeleton label="Loading the import log" columns={cols} rows={4} />}
        filtered={filtered}
        messages={{ loadError: 'The import log could not be loaded', none: 'No CCC files imported yet' }}
        emptyText="Upload CCC ONE estimate files above, or have CCC ONE export them into the inbox folder."
        onClear={clearFilters}
        onPageChange={(page) => goTo({ page })}
      >
        {(items) => (
          <DataTable label="CCC import log" columns={cols} rows={items} rowId={(item) => item.id} />
        )}
      </ListFrame>
      <AssignClaimDialog item={assigning} onClose={() => setAssigning(null)} />
    </section>
  );
}
