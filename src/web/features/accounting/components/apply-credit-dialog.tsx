import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PAYMENT_METHOD_LABELS, type Invoice, type Payment } from '@shared/accounting';
import { formatCents } from '@shared/money';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../hooks/use-toast';
import { formatCalendarDate } from '../../../lib/format-calendar-date';
import { centsToDollarsText, dollarsToCents } from '../../../lib/form-numbers';
import { useApplyPaymentMutation, usePayments } from '../api/payments';
import { AccountingDialog, type InvoiceDialogProps } from './accounting-dialog';
import { invoiceName } from './accounting-format';
import { applicationsError } from './payment-form';
import { TextField } from './text-field';

type ApplyFormValues = { paymentId: string; amountCents: string };

const applyFormSchema = z.preprocess(
  (values: ApplyFormValues) => ({ ...values, amountCents: dollarsToCents(values.amountCents) ?? Number.NaN }),
  z.object({
    paymentId: z.string().min(1, 'Choose a payment'),
    amountCents: z
      .number({ message: 'Amount must be an amount' })
      .int('Amount must be in whole cents')
      .min(1, 'Amount must be more than $0.00'),
  }),
);

const paymentLabel = (payment: Payment) =>
  `${formatCalendarDate(payment.receivedOn)} · ${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.reference}` : ''} · ${formatCents(payment.unappliedCents)} left`;

function ApplyForm({
  invoice,
  credits,
  onDone,
}: {
  invoice: Invoice;
  credits: Payment[];
  onDone: () => void;
}) {
  const mutation = useApplyPaymentMutation();
  const first = credits[0];
  const form = useForm<ApplyFormValues, unknown, { paymentId: string; amountCents: number }>({
    resolver: zodResolver(applyFormSchema),
    defaultValues: {
      paymentId: first?.id ?? '',
      amountCents: first ? centsToDollarsText(Math.min(first.unappliedCents, invoice.balanceCents)) : '',
    },
  });
  const submit = ({ paymentId, amountCents }: { paymentId: string; amountCents: number }) =>
    mutation.mutate(
      { id: paymentId, applications: [{ invoiceId: invoice.id, amountCents }] },
      {
        onSuccess: () => {
          toast({
            title: 'Credit applied',
            description: `${formatCents(amountCents)} applied to ${invoiceName(invoice)}.`,
          });
          onDone();
        },
        onError: (error) => {
          const message = applicationsError(error);
          if (message) return form.setError('amountCents', { type: 'server', message });
          toast({ variant: 'destructive', title: 'Could not apply the credit', description: error.message });
        },
      },
    );
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
        <FormField
          control={form.control}
          name="paymentId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Payment</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full" onBlur={field.onBlur}>
                    <SelectValue placeholder="Choose a payment" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {credits.map((payment) => (
                    <SelectItem key={payment.id} value={payment.id}>
                      {paymentLabel(payment)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <TextField<ApplyFormValues>
          name="amountCents"
          label="Amount"
          prefix="$"
          inputMode="decimal"
          description={`The balance is ${formatCents(invoice.balanceCents)}.`}
        />
        <FormDialogFooter pending={mutation.isPending} submitLabel="Apply credit" />
      </form>
    </Form>
  );
}

/** The company's unapplied payments, to settle this invoice with. */
export function ApplyCreditDialog({ invoice, open, onOpenChange }: InvoiceDialogProps) {
  const payments = usePayments({ companyId: invoice.companyId, pageSize: 100 }, { enabled: open });
  const credits = (payments.data?.items ?? []).filter((payment) => payment.unappliedCents > 0);
  return (
    <AccountingDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Apply credit"
      description={`${invoiceName(invoice)} · ${invoice.companyName}`}
    >
      {payments.isPending ? (
        <p className="text-muted-foreground text-sm">Loading the company’s payments…</p>
      ) : credits.length === 0 ? (
        <p className="text-sm">{invoice.companyName} has no unapplied payment to apply.</p>
      ) : (
        <ApplyForm invoice={invoice} credits={credits} onDone={() => onOpenChange(false)} />
      )}
    </AccountingDialog>
  );
}
