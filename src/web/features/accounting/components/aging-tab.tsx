import { DownloadIcon, FileTextIcon, HourglassIcon } from 'lucide-react';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  agingInvoicesQuerySchema,
  type AgingBucket,
  type AgingReport,
} from '@shared/aging';

import { DateFilter, ListEmpty, ListLoadError, useUrlFilters } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { formatCalendarDateLong, todayIsoDate } from '../../../lib/format-calendar-date';
import { agingCsvHref, statementPdfHref, useAgingReport } from '../api/aging';
import { Money } from './accounting-format';
import { AgingInvoicesList } from './aging-invoices-list';

type AgingRow = AgingReport['totals'] & { companyId?: string; companyName?: string };
type Drill = { bucket?: AgingBucket | undefined; companyId?: string | undefined };

const figure = 'text-right tabular-nums';

/** An amount of the aging that opens the invoices behind it; zero is just a zero. */
function AmountLink({ cents, label, onOpen }: { cents: number; label: string; onOpen: () => void }) {
  if (cents === 0) return <Money cents={0} className="text-muted-foreground" />;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="text-primary focus-visible:ring-ring/50 rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
    >
      {/* The name starts with the amount shown (WCAG 2.5.3), then says what it opens. */}
      <Money cents={cents} />
      <span className="sr-only"> — {label}: the invoices behind it</span>
    </button>
  );
}

function AgingCells({
  row,
  name,
  onDrill,
}: {
  row: AgingRow;
  name: string;
  onDrill: (drill: Drill) => void;
}) {
  return (
    <>
      {AGING_BUCKETS.map((bucket) => (
        <TableCell key={bucket} className={figure}>
          <AmountLink
            cents={row.buckets[bucket] ?? 0}
            label={`${name}, ${AGING_BUCKET_LABELS[bucket]}`}
            onOpen={() => onDrill({ bucket, companyId: row.companyId })}
          />
        </TableCell>
      ))}
      <TableCell className={`${figure} font-semibold`}>
        {row.companyId ? (
          <AmountLink
            cents={row.totalCents}
            label={`${name}, total`}
            onOpen={() => onDrill({ companyId: row.companyId })}
          />
        ) : (
          <Money cents={row.totalCents} />
        )}
      </TableCell>
      <TableCell className={`${figure} hidden pr-4 sm:table-cell`}>
        <Money cents={row.creditCents} />
      </TableCell>
    </>
  );
}

const HEADERS = ['Company', ...AGING_BUCKETS.map((bucket) => AGING_BUCKET_LABELS[bucket]), 'Total', 'Credit'];

function AgingTable({
  report,
  asOf,
  onDrill,
}: {
  report: AgingReport;
  /** The day chosen (none: the server's today), for the statements. */
  asOf: string | undefined;
  onDrill: (drill: Drill) => void;
}) {
  return (
    <div className="bg-card overflow-x-auto rounded-xl border shadow-xs">
      <Table aria-label={`Aging as of ${formatCalendarDateLong(report.asOf)}`}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {HEADERS.map((header, index) => (
              <TableHead
                key={header}
                className={
                  index === 0 ? 'pl-4' : header === 'Credit' ? `${figure} hidden pr-4 sm:table-cell` : figure
                }
              >
                {header === 'Company' || header === 'Total' || header === 'Credit' || header === 'Current'
                  ? header
                  : `${header} days`}
              </TableHead>
            ))}
            <TableHead className="pr-4">
              <span className="sr-only">Statement</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.companies.map((row) => (
            <TableRow key={row.companyId}>
              <TableCell className="max-w-48 truncate pl-4 font-medium">{row.companyName}</TableCell>
              <AgingCells row={row} name={row.companyName} onDrill={onDrill} />
              <TableCell className="pr-4 text-right">
                <Button variant="ghost" size="sm" asChild>
                  <a
                    href={statementPdfHref(row.companyId, asOf)}
                    download
                    aria-label={`Statement of ${row.companyName} (PDF)`}
                  >
                    <FileTextIcon aria-hidden="true" />
                    Statement
                  </a>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow className="hover:bg-transparent">
            <TableCell className="pl-4 font-semibold">All companies</TableCell>
            <AgingCells row={report.totals} name="All companies" onDrill={onDrill} />
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  );
}

/**
 * The aging of the receivables as of any day (past days included: the balances as they stood then), per company
 * and in total; each amount opens the invoices behind it below the table; the CSV is the same table; each
 * company's Statement downloads its statement PDF as of the same day.
 */
export function AgingTab({ onOpenInvoice }: { onOpenInvoice: (invoice: { id: string }) => void }) {
  const { filter, setFilter } = useUrlFilters(agingInvoicesQuerySchema);
  const report = useAgingReport(filter.asOf);
  const today = todayIsoDate();
  const drilled = Boolean(filter.bucket || filter.companyId);

  let body;
  if (report.isPending) {
    body = (
      <TableSkeleton
        label="Loading the aging"
        header={null}
        cells={HEADERS.map(() => ({ bars: ['h-4 w-16'] }))}
        rows={4}
      />
    );
  } else if (report.isError && !report.data) {
    body = (
      <ListLoadError
        title="The aging could not be loaded"
        message={report.error.message}
        retrying={report.isFetching}
        onRetry={() => void report.refetch()}
        className=""
      />
    );
  } else if (report.data.companies.length === 0) {
    body = (
      <div className="bg-card rounded-xl border">
        <ListEmpty icon={<HourglassIcon />} title="Nothing is owed on this day">
          Sent invoices with an open balance, and unapplied payments, show here by how long they are past due.
        </ListEmpty>
      </div>
    );
  } else {
    body = <AgingTable report={report.data} asOf={filter.asOf} onDrill={(drill) => setFilter(drill)} />;
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <DateFilter
          label="As of"
          // Without a chosen day, the day the server's aging is for (today, in its time zone).
          value={filter.asOf ?? (report.isPlaceholderData ? undefined : report.data?.asOf)}
          max={today}
          onChange={(asOf) => setFilter({ asOf, bucket: filter.bucket, companyId: filter.companyId })}
        />
        <Button variant="outline" asChild>
          <a href={agingCsvHref(filter.asOf)} download>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      <div aria-busy={report.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
        {body}
      </div>
      {drilled && (
        <AgingInvoicesList
          drill={{ asOf: filter.asOf, bucket: filter.bucket, companyId: filter.companyId }}
          companyName={report.data?.companies.find((row) => row.companyId === filter.companyId)?.companyName}
          onOpenInvoice={onOpenInvoice}
          onClose={() => setFilter({ bucket: undefined, companyId: undefined })}
        />
      )}
    </div>
  );
}
