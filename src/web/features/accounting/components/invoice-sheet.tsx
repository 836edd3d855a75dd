import { useState } from 'react';
import { DownloadIcon } from 'lucide-react';
import { Link } from 'wouter';
import { formatClaimNumber } from '@shared/claims';
import type { Invoice } from '@shared/accounting';
import type { CompanySummary } from '@shared/users';

import {
  DetailList,
  DetailSheet,
  ListLoadError,
  useLastShown,
  WrittenText,
} from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useInvoice } from '../api/get-invoice';
import { Day, invoiceName } from './accounting-format';
import { InvoiceActions } from './invoice-actions';
import { InvoiceCreditNotes, InvoiceHistory, InvoicePayments } from './invoice-activity';
import { InvoiceDialogs, type OpenDialog } from './invoice-dialogs';
import { InvoiceLinesTable } from './invoice-lines-table';
import { InvoiceStatusBadge } from './invoice-status-badge';

const linkClass =
  'text-primary rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

function InvoiceBody({
  invoice,
  canManage,
  onDialog,
}: {
  invoice: Invoice;
  canManage: boolean;
  onDialog: (dialog: OpenDialog) => void;
}) {
  return (
    <div className="grid gap-6 overflow-y-auto px-4 pb-6">
      <div className="flex flex-wrap gap-2">
        <InvoiceActions invoice={invoice} onOpen={onDialog} />
        <Button asChild variant="outline">
          <a href={`/api/accounting/invoices/${invoice.id}/pdf`} download>
            <DownloadIcon aria-hidden="true" />
            Download PDF
          </a>
        </Button>
      </div>
      <DetailList
        labels="narrow"
        rows={[
          {
            label: 'Status',
            value: <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />,
          },
          {
            label: invoice.claims.length === 1 ? 'Claim' : 'Claims',
            value: (
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                {invoice.claims.map((claim) => (
                  <Link key={claim.id} href={`/vehicles/${claim.id}`} className={linkClass}>
                    {formatClaimNumber(claim.number)}
                  </Link>
                ))}
              </span>
            ),
          },
          { label: 'Issued', value: invoice.issueDate && <Day date={invoice.issueDate} /> },
          {
            label: 'Due',
            value: invoice.dueDate ? (
              <Day date={invoice.dueDate} />
            ) : (
              `${invoice.paymentTermsDays} days after sending`
            ),
          },
          { label: 'Sent to', value: invoice.sentTo },
          { label: 'Void because', value: invoice.voidReason },
        ].filter((row) => row.label !== 'Void because' || invoice.voidReason)}
      />
      <InvoiceLinesTable invoice={invoice} />
      <InvoicePayments
        invoice={invoice}
        onReverse={canManage ? (paymentId, label) => onDialog({ reverse: { paymentId, label } }) : null}
      />
      <InvoiceCreditNotes invoice={invoice} />
      {invoice.note && <WrittenText label="Note">{invoice.note}</WrittenText>}
      <InvoiceHistory invoice={invoice} />
    </div>
  );
}

/** One invoice beside the list (`?invoice={id}`): its lines, payments, credit notes, history and actions. */
export function InvoiceSheet({
  invoiceId,
  companies,
  canManage,
  onClose,
}: {
  invoiceId: string | null;
  companies: readonly CompanySummary[];
  canManage: boolean;
  onClose: () => void;
}) {
  const shownId = useLastShown(invoiceId);
  const query = useInvoice(shownId ?? undefined);
  const invoice = query.data;
  const [dialog, setDialog] = useState<OpenDialog>(null);

  return (
    <DetailSheet
      open={invoiceId !== null}
      title={invoice ? invoiceName(invoice) : 'Invoice'}
      description={invoice ? `${invoice.companyName}` : 'Loading…'}
      className="gap-2 sm:max-w-2xl"
      onOpenChange={(open) => !open && onClose()}
    >
      {invoice ? (
        <>
          <InvoiceBody invoice={invoice} canManage={canManage} onDialog={setDialog} />
          <InvoiceDialogs
            invoice={invoice}
            companies={companies}
            dialog={dialog}
            onClose={() => setDialog(null)}
            onDeleted={() => {
              setDialog(null);
              onClose();
            }}
          />
        </>
      ) : query.isError ? (
        <ListLoadError
          title="The invoice could not be loaded"
          message={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="grid gap-4 px-4" role="status" aria-busy="true" aria-label="Loading the invoice">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      )}
    </DetailSheet>
  );
}
