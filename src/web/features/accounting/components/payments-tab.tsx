import { useMemo, useState } from 'react';
import { CreditCardIcon, DownloadIcon, UndoIcon, WalletIcon } from 'lucide-react';
import { listPaymentsQuerySchema, PAYMENT_METHOD_LABELS, type Payment } from '@shared/accounting';
import { canManagePayments, paymentActions } from '@shared/accounting.policy';
import type { Holds } from '@shared/permissions';
import type { CompanySummary } from '@shared/users';

import {
  CompanyFilter,
  DataTable,
  DataTableSkeleton,
  ListFrame,
  ListToolbar,
  RowActions,
  ToolbarFilters,
  useUrlFilters,
  type DataColumn,
} from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useAuthorization } from '../../auth';
import { PAYMENTS_PAGE_SIZE, paymentsCsvHref, usePayments } from '../api/payments';
import { Day, Money } from './accounting-format';
import { ApplyPaymentDialog } from './apply-payment-dialog';
import { PaymentDialog } from './payment-dialog';
import { ReversePaymentDialog } from './reverse-payment-dialog';

const FILTER_SCHEMA = listPaymentsQuerySchema.omit({ pageSize: true });

const linkClass =
  'text-primary rounded-sm font-mono text-xs underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

type PaymentActions = {
  /** The signed-in user's permissions, for `paymentActions`. */
  holds: Holds;
  onOpenInvoice: (invoice: { id: string }) => void;
  onApply: (payment: Payment) => void;
  onReverse: (payment: Payment) => void;
};

const paymentName = (payment: Payment) =>
  `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.reference}` : ''}`;

function paymentColumns({ holds, onOpenInvoice, onApply, onReverse }: PaymentActions): DataColumn<Payment>[] {
  return [
    {
      id: 'received',
      header: 'Received',
      className: 'pl-4',
      skeleton: ['h-4 w-16'],
      cell: (p) => <Day date={p.receivedOn} />,
    },
    {
      id: 'company',
      header: 'Company',
      cellClassName: 'max-w-48 truncate',
      skeleton: ['h-4 w-28'],
      cell: (payment) => (
        <span className="grid gap-0.5">
          {payment.companyName}
          <span className="text-muted-foreground text-xs md:hidden">{paymentName(payment)}</span>
        </span>
      ),
    },
    {
      id: 'method',
      header: 'Method',
      className: 'hidden md:table-cell',
      cellClassName: 'max-w-40 truncate',
      skeleton: ['h-4 w-20'],
      cell: paymentName,
    },
    {
      id: 'applied',
      header: 'Applied to',
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-normal',
      skeleton: ['h-4 w-28'],
      cell: (payment) =>
        payment.reversedOn ? (
          <Badge variant="outline" className="border-destructive/30 bg-destructive/10 text-destructive">
            Reversed
          </Badge>
        ) : (
          <span className="flex flex-wrap gap-x-2 gap-y-1">
            {payment.applications.map((application) => (
              <button
                key={application.id}
                type="button"
                className={linkClass}
                onClick={() => onOpenInvoice({ id: application.invoiceId })}
              >
                {application.invoiceNumber ?? 'Draft'}
              </button>
            ))}
          </span>
        ),
    },
    {
      id: 'amount',
      header: 'Amount',
      className: 'text-right',
      skeleton: ['ml-auto h-4 w-16'],
      cell: (payment) => (
        <Money cents={payment.amountCents} className={payment.reversedOn ? 'line-through' : ''} />
      ),
    },
    {
      id: 'unapplied',
      header: 'Unapplied',
      className: 'hidden sm:table-cell text-right',
      skeleton: ['ml-auto h-4 w-16'],
      cell: (payment) => <Money cents={payment.unappliedCents} />,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'w-12 pr-4 text-right',
      stopsRowClick: true,
      cell: (payment) => {
        const actions = paymentActions(payment, holds);
        return actions.length ? (
          <RowActions
            name={`${paymentName(payment)} from ${payment.companyName}`}
            actions={[
              actions.includes('apply') && {
                label: 'Apply credit',
                icon: <CreditCardIcon />,
                onSelect: () => onApply(payment),
              },
              actions.includes('reverse') && {
                label: 'Reverse payment',
                icon: <UndoIcon />,
                destructive: true,
                separated: actions.includes('apply'),
                onSelect: () => onReverse(payment),
              },
            ]}
          />
        ) : null;
      },
    },
  ];
}

/** Payments received, newest first, per company; record one, apply its credit, reverse it. */
export function PaymentsTab({
  companies,
  onOpenInvoice,
}: {
  companies: readonly CompanySummary[];
  onOpenInvoice: (invoice: { id: string }) => void;
}) {
  const { filter, setFilter, goTo, clearFilters, filtered } = useUrlFilters(FILTER_SCHEMA);
  const query = usePayments(filter);
  const [recording, setRecording] = useState(false);
  const [applying, setApplying] = useState<Payment | null>(null);
  const [reverse, setReverse] = useState<Payment | null>(null);
  const { can } = useAuthorization();
  const columns = useMemo(
    () => paymentColumns({ holds: can, onOpenInvoice, onApply: setApplying, onReverse: setReverse }),
    [can, onOpenInvoice],
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <ListToolbar label="Filter payments" filtered={filtered} onClear={clearFilters}>
          <ToolbarFilters>
            <CompanyFilter
              companies={companies}
              value={filter.companyId}
              onChange={(companyId) => setFilter({ companyId })}
            />
          </ToolbarFilters>
        </ListToolbar>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={paymentsCsvHref(filter)} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          {canManagePayments(can) && (
            <Button onClick={() => setRecording(true)}>
              <WalletIcon aria-hidden="true" />
              Record payment
            </Button>
          )}
        </div>
      </div>
      <ListFrame
        query={query}
        noun={['payment', 'payments']}
        pageSize={PAYMENTS_PAGE_SIZE}
        icon={<WalletIcon />}
        skeleton={<DataTableSkeleton label="Loading payments" columns={columns} />}
        filtered={filtered}
        emptyText="Payments received from companies land here, with the invoices they settled."
        onClear={clearFilters}
        onPageChange={(page) => goTo({ page })}
      >
        {(items) => (
          <DataTable label="Payments" columns={columns} rows={items} rowId={(payment) => payment.id} />
        )}
      </ListFrame>
      <PaymentDialog open={recording} companies={companies} invoice={null} onOpenChange={setRecording} />
      <ApplyPaymentDialog payment={applying} onClose={() => setApplying(null)} />
      <ReversePaymentDialog
        payment={reverse && { paymentId: reverse.id, label: paymentName(reverse) }}
        onClose={() => setReverse(null)}
      />
    </div>
  );
}
