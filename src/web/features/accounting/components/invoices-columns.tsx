import { formatClaimNumber } from '@shared/claims';
import type { InvoiceSummary } from '@shared/accounting';

import type { DataColumn } from '../../../components/data-list';
import { Day, invoiceName, Money } from './accounting-format';
import { InvoiceStatusBadge } from './invoice-status-badge';

const claimsText = (invoice: InvoiceSummary) =>
  invoice.claims.map((claim) => formatClaimNumber(claim.number)).join(', ');

/** The columns of the invoice list; the number opens the invoice, as the whole row does. */
export function invoiceColumns(onOpen: (invoice: InvoiceSummary) => void): DataColumn<InvoiceSummary>[] {
  return [
    {
      id: 'number',
      header: 'Invoice',
      className: 'pl-4',
      sortable: true,
      skeleton: ['h-4 w-28', 'h-3 w-20'],
      cell: (invoice) => (
        <span className="grid gap-0.5">
          <button
            type="button"
            onClick={() => onOpen(invoice)}
            className="focus-visible:ring-ring/50 justify-self-start rounded-sm text-left font-medium whitespace-nowrap outline-none hover:underline focus-visible:ring-[3px]"
          >
            {invoiceName(invoice)}
          </button>
          <span className="text-muted-foreground text-xs md:hidden">{invoice.companyName}</span>
        </span>
      ),
    },
    {
      id: 'company',
      header: 'Company',
      className: 'hidden md:table-cell',
      cellClassName: 'max-w-56 truncate',
      sortable: true,
      skeleton: ['h-4 w-32'],
      cell: (invoice) => invoice.companyName,
    },
    {
      id: 'claims',
      header: 'Claims',
      className: 'hidden xl:table-cell',
      cellClassName: 'text-muted-foreground max-w-48 truncate font-mono text-xs',
      skeleton: ['h-4 w-24'],
      cell: (invoice) => <span title={claimsText(invoice)}>{claimsText(invoice)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      skeleton: ['h-5 w-16'],
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />,
    },
    {
      id: 'issueDate',
      header: 'Issued',
      className: 'hidden lg:table-cell',
      sortable: true,
      skeleton: ['h-4 w-16'],
      cell: (invoice) => <Day date={invoice.issueDate} />,
    },
    {
      id: 'dueDate',
      header: 'Due',
      className: 'hidden sm:table-cell',
      sortable: true,
      skeleton: ['h-4 w-16'],
      cell: (invoice) => <Day date={invoice.dueDate} />,
    },
    {
      id: 'total',
      header: 'Total',
      className: 'hidden sm:table-cell text-right',
      sortable: true,
      skeleton: ['ml-auto h-4 w-16'],
      cell: (invoice) => <Money cents={invoice.totalCents} />,
    },
    {
      id: 'balance',
      header: 'Balance',
      className: 'pr-4 text-right',
      sortable: true,
      skeleton: ['ml-auto h-4 w-16'],
      cell: (invoice) => <Money cents={invoice.balanceCents} className="font-medium" />,
    },
  ];
}
