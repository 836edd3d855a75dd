import type { Invoice } from '@shared/accounting';
import { voidInvoiceSchema } from '@shared/accounting';
import { MAIL_DELIVERY_LABELS } from '@shared/mail-outbox';
import type { CompanySummary } from '@shared/users';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { useInvoiceRecipient } from '../api/company-recipient';
import {
  useDeleteInvoiceMutation,
  useSendInvoiceMutation,
  useVoidInvoiceMutation,
} from '../api/invoice-mutations';
import { invoiceName } from './accounting-format';
import { ApplyCreditDialog } from './apply-credit-dialog';
import { CreditNoteDialog } from './credit-note-dialog';
import type { InvoiceDialog } from './invoice-actions';
import { InvoiceLinesDialog } from './invoice-lines-dialog';
import { PaymentDialog } from './payment-dialog';
import { ReasonDialog } from './reason-dialog';
import { ReversePaymentDialog } from './reverse-payment-dialog';

export type OpenDialog = InvoiceDialog | { reverse: { paymentId: string; label: string } } | null;

const failed = (title: string) => (error: Error) =>
  toast({ variant: 'destructive', title, description: error.message });

function SendDialog({ invoice, open, onClose }: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const send = useSendInvoiceMutation();
  const recipient = useInvoiceRecipient(invoice.companyId, { enabled: open });
  const to = recipient.data;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Send this invoice?"
      description={
        recipient.isPending
          ? 'It gets the next invoice number and can no longer be edited.'
          : to
            ? `It gets the next invoice number, can no longer be edited, and goes to ${to}.`
            : `It gets the next invoice number and can no longer be edited. ${invoice.companyName} has no billing or contact email: add one on the company before sending it.`
      }
      confirmLabel="Send invoice"
      pending={send.isPending}
      onConfirm={() =>
        send.mutate(
          { id: invoice.id, version: invoice.version },
          {
            onSuccess: (sent) => {
              // The mail is queued, or held without a mail server: its history entry says which (issue 31).
              const mail = sent.history.findLast((entry) => entry.action === 'invoice.sent')?.mail;
              toast({
                title: 'Invoice sent',
                description:
                  sent.sentTo && mail
                    ? `${sent.number}: the mail to ${sent.sentTo} is ${MAIL_DELIVERY_LABELS[mail.delivery]}.`
                    : `${sent.number} is numbered and sent.`,
              });
              onClose();
            },
            onError: failed('Could not send the invoice'),
          },
        )
      }
    />
  );
}

/** Every dialog the invoice sheet opens; `dialog` says which is open. */
export function InvoiceDialogs({
  invoice,
  companies,
  dialog,
  onClose,
  onDeleted,
}: {
  invoice: Invoice;
  companies: readonly CompanySummary[];
  dialog: OpenDialog;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteInvoiceMutation();
  const voiding = useVoidInvoiceMutation();
  const change = (name: InvoiceDialog) => (open: boolean) => !open && dialog === name && onClose();
  const reverse = dialog !== null && typeof dialog === 'object' ? dialog.reverse : null;
  return (
    <>
      <InvoiceLinesDialog invoice={invoice} open={dialog === 'lines'} onOpenChange={change('lines')} />
      <SendDialog invoice={invoice} open={dialog === 'send'} onClose={onClose} />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={change('delete')}
        title="Delete this draft?"
        description={`The draft for ${invoice.companyName} is deleted and its claims are ready to invoice again.`}
        confirmLabel="Delete draft"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: invoice.id, version: invoice.version },
            {
              onSuccess: () => {
                toast({ title: 'Draft deleted', description: `Its claims are ready to invoice again.` });
                onDeleted();
              },
              onError: failed('Could not delete the draft'),
            },
          )
        }
      />
      <ReasonDialog
        open={dialog === 'void'}
        onOpenChange={change('void')}
        title={`Void ${invoiceName(invoice)}?`}
        description="A void invoice keeps its number and stays listed, owes nothing, and its claims can be invoiced again."
        schema={voidInvoiceSchema.shape.reason}
        label="Why is it void?"
        submitLabel="Void invoice"
        failureTitle="Could not void the invoice"
        pending={voiding.isPending}
        onSubmit={(reason, onError) =>
          voiding.mutate(
            { id: invoice.id, version: invoice.version, reason },
            {
              onSuccess: (voided) => {
                toast({ title: 'Invoice voided', description: `${invoiceName(voided)} is void.` });
                onClose();
              },
              onError,
            },
          )
        }
      />
      <ReversePaymentDialog payment={reverse} onClose={onClose} />
      <CreditNoteDialog invoice={invoice} open={dialog === 'credit'} onOpenChange={change('credit')} />
      <ApplyCreditDialog invoice={invoice} open={dialog === 'apply'} onOpenChange={change('apply')} />
      <PaymentDialog
        open={dialog === 'payment'}
        companies={companies}
        invoice={invoice}
        onOpenChange={change('payment')}
      />
    </>
  );
}
