import { useMemo } from 'react';
import { DownloadIcon, ReceiptTextIcon } from 'lucide-react';
import { listInvoicesQuerySchema, type InvoiceList, type InvoiceSummary } from '@shared/accounting';
import type { CompanySummary } from '@shared/users';

import {
  DataTable,
  DataTableSkeleton,
  ListFrame,
  useUrlFilters,
  type DataSort,
} from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { INVOICES_PAGE_SIZE, invoiceLinesCsvHref, useInvoices } from '../api/get-invoices';
import { Money } from './accounting-format';
import { invoiceColumns } from './invoices-columns';
import { InvoicesToolbar } from './invoices-toolbar';

/** The list's search, filters, sort and page in the address (`?status=sent&overdue=true&sort=dueDate`). */
const FILTER_SCHEMA = listInvoicesQuerySchema.omit({ pageSize: true });
const FILTER_KEYS = [
  'search',
  'status',
  'companyId',
  'issuedFrom',
  'issuedTo',
  'dueFrom',
  'dueTo',
  'overdue',
];

/** Invoiced, paid and open of the whole filtered set (sent invoices: drafts and void ones owe nothing). */
function InvoiceTotals({ totals }: { totals: InvoiceList['totals'] | undefined }) {
  const figures = [
    { label: 'Invoiced', cents: totals?.invoicedCents },
    { label: 'Paid or credited', cents: totals?.paidCents },
    { label: 'Open', cents: totals?.openCents },
  ];
  return (
    <dl aria-label="Totals of the filtered invoices" className="grid grid-cols-3 gap-2 sm:max-w-xl">
      {figures.map(({ label, cents }) => (
        <div key={label} className="bg-card rounded-lg border px-3 py-2">
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="text-base font-semibold sm:text-lg">
            {cents === undefined ? <Skeleton className="mt-1 h-5 w-20" /> : <Money cents={cents} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The invoice list: search, filters, sort, paging and the totals of what is filtered. */
export function InvoicesTab({
  companies,
  onOpen,
}: {
  companies: readonly CompanySummary[];
  onOpen: (invoice: InvoiceSummary) => void;
}) {
  const { filter, setFilter, goTo, clearFilters, filtered } = useUrlFilters(FILTER_SCHEMA, {
    filterKeys: FILTER_KEYS,
  });
  const query = useInvoices(filter);
  const columns = useMemo(() => invoiceColumns(onOpen), [onOpen]);
  const sort: DataSort = { column: filter.sort, order: filter.dir };
  const onSort = (column: string) => {
    const next = column as typeof filter.sort;
    // A new column starts with what reads first: A–Z, earliest dates; amounts, largest first.
    const firstOrder = next === 'total' || next === 'balance' ? 'desc' : 'asc';
    setFilter({
      sort: next,
      dir: filter.sort === next ? (filter.dir === 'asc' ? 'desc' : 'asc') : firstOrder,
    });
  };

  return (
    <div className="grid gap-4">
      <InvoicesToolbar
        filter={filter}
        companies={companies}
        filtered={filtered}
        onChange={setFilter}
        onClear={clearFilters}
      />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <InvoiceTotals totals={query.data?.totals} />
        <Button variant="outline" asChild>
          <a href={invoiceLinesCsvHref(filter)} download>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      <ListFrame
        query={query}
        noun={['invoice', 'invoices']}
        pageSize={INVOICES_PAGE_SIZE}
        icon={<ReceiptTextIcon />}
        skeleton={<DataTableSkeleton label="Loading invoices" columns={columns} />}
        filtered={filtered}
        emptyText="Invoice completed claims from the Ready to invoice tab; their drafts and sent invoices land here."
        onClear={clearFilters}
        onPageChange={(page) => goTo({ page })}
      >
        {(items) => (
          <DataTable
            label="Invoices"
            columns={columns}
            rows={items}
            rowId={(invoice) => invoice.id}
            onOpen={onOpen}
            sort={sort}
            onSort={onSort}
          />
        )}
      </ListFrame>
    </div>
  );
}
