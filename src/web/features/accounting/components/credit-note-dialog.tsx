import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { creditNoteInputSchema, type Invoice } from '@shared/accounting';
import { formatCents } from '@shared/money';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { dollarsToCents } from '../../../lib/form-numbers';
import { useIssueCreditNoteMutation } from '../api/invoice-mutations';
import { AccountingDialog, type InvoiceDialogProps } from './accounting-dialog';
import { invoiceName } from './accounting-format';
import { TextField } from './text-field';

type CreditNoteFormValues = { amountCents: string; reason: string };

const formSchema = z.preprocess(
  (values: CreditNoteFormValues) => ({
    ...values,
    amountCents: dollarsToCents(values.amountCents) ?? Number.NaN,
  }),
  creditNoteInputSchema.pick({ amountCents: true, reason: true }),
);

function CreditNoteForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const mutation = useIssueCreditNoteMutation();
  const form = useForm<CreditNoteFormValues, unknown, { amountCents: number; reason: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { amountCents: '', reason: '' },
  });
  const submit = (values: { amountCents: number; reason: string }) =>
    mutation.mutate(
      { id: invoice.id, ...values },
      {
        onSuccess: (note) => {
          toast({
            title: 'Credit note issued',
            description: `${note.number} takes ${formatCents(note.amountCents)} off ${invoiceName(invoice)}.`,
          });
          onDone();
        },
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, ['amountCents', 'reason'])) return;
          toast({
            variant: 'destructive',
            title: 'Could not issue the credit note',
            description: error.message,
          });
        },
      },
    );
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
        <TextField<CreditNoteFormValues>
          name="amountCents"
          label="Amount"
          prefix="$"
          inputMode="decimal"
          placeholder="0.00"
          description={`At most the balance, ${formatCents(invoice.balanceCents)}.`}
        />
        <TextField<CreditNoteFormValues> name="reason" label="What it corrects" multiline />
        <FormDialogFooter pending={mutation.isPending} submitLabel="Issue credit note" />
      </form>
    </Form>
  );
}

/** A correction after sending: a numbered credit note that reduces the invoice's balance. */
export function CreditNoteDialog({ invoice, open, onOpenChange }: InvoiceDialogProps) {
  return (
    <AccountingDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Issue a credit note"
      description={`${invoiceName(invoice)} · ${invoice.companyName}. The credit note gets its own number and reduces the balance.`}
    >
      <CreditNoteForm invoice={invoice} onDone={() => onOpenChange(false)} />
    </AccountingDialog>
  );
}
