import { XIcon } from 'lucide-react';
import { AGING_BUCKET_LABELS, type AgingInvoices } from '@shared/aging';

import { DataTable, DataTableSkeleton, ListLoadError, type DataColumn } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { formatCalendarDateLong } from '../../../lib/format-calendar-date';
import { useAgingInvoices, type AgingDrill } from '../api/aging';
import { Day, Money } from './accounting-format';

type AgingInvoice = AgingInvoices['items'][number];

function columns(onOpen: (invoice: { id: string }) => void): DataColumn<AgingInvoice>[] {
  return [
    {
      id: 'number',
      header: 'Invoice',
      className: 'pl-4',
      skeleton: ['h-4 w-28'],
      cell: (invoice) => (
        <button
          type="button"
          onClick={() => onOpen(invoice)}
          className="focus-visible:ring-ring/50 rounded-sm font-medium whitespace-nowrap outline-none hover:underline focus-visible:ring-[3px]"
        >
          {invoice.number}
        </button>
      ),
    },
    {
      id: 'company',
      header: 'Company',
      className: 'hidden sm:table-cell',
      cellClassName: 'max-w-48 truncate',
      skeleton: ['h-4 w-28'],
      cell: (i) => i.companyName,
    },
    { id: 'due', header: 'Due', skeleton: ['h-4 w-16'], cell: (invoice) => <Day date={invoice.dueDate} /> },
    {
      id: 'late',
      header: 'Days past due',
      className: 'hidden md:table-cell text-right',
      skeleton: ['ml-auto h-4 w-8'],
      cell: (invoice) => (invoice.daysPastDue > 0 ? invoice.daysPastDue : '—'),
    },
    {
      id: 'bucket',
      header: 'Bucket',
      className: 'hidden md:table-cell',
      skeleton: ['h-4 w-12'],
      cell: (i) => AGING_BUCKET_LABELS[i.bucket],
    },
    {
      id: 'balance',
      header: 'Balance then',
      className: 'pr-4 text-right',
      skeleton: ['ml-auto h-4 w-16'],
      cell: (invoice) => <Money cents={invoice.balanceCents} className="font-medium" />,
    },
  ];
}

/** The invoices behind one amount of the aging, with their balances as they stood on the day. */
export function AgingInvoicesList({
  drill,
  companyName,
  onOpenInvoice,
  onClose,
}: {
  drill: AgingDrill;
  companyName: string | undefined;
  onOpenInvoice: (invoice: { id: string }) => void;
  onClose: () => void;
}) {
  const query = useAgingInvoices(drill, { enabled: true });
  const cols = columns(onOpenInvoice);
  const title = [
    companyName ?? (drill.companyId ? 'One company' : 'All companies'),
    drill.bucket
      ? `${AGING_BUCKET_LABELS[drill.bucket]}${drill.bucket === 'current' ? '' : ' days'}`
      : 'all buckets',
  ].join(' · ');
  return (
    <section aria-labelledby="aging-invoices-heading" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="aging-invoices-heading" className="text-base font-semibold">
          {title}
          {query.data && (
            <span className="text-muted-foreground font-normal">
              {' '}
              · as of {formatCalendarDateLong(query.data.asOf)}
            </span>
          )}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <XIcon aria-hidden="true" />
          Close
        </Button>
      </div>
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
        {query.isPending ? (
          <DataTableSkeleton label="Loading the invoices" columns={cols} rows={3} />
        ) : query.isError ? (
          <ListLoadError
            title="The invoices could not be loaded"
            message={query.error.message}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.items.length === 0 ? (
          <p className="text-muted-foreground p-4 text-sm">No invoice was open here on that day.</p>
        ) : (
          <DataTable
            label={`Invoices: ${title}`}
            columns={cols}
            rows={query.data.items}
            rowId={(invoice) => invoice.id}
            onOpen={onOpenInvoice}
          />
        )}
      </div>
    </section>
  );
}
