import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Invoice,
  type RecordPaymentInput,
} from '@shared/accounting';
import { formatCents } from '@shared/money';
import type { CompanySummary } from '@shared/users';

import type { DialogState } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { todayIsoDate } from '../../../lib/format-calendar-date';
import { centsToDollarsText, dollarsToCents } from '../../../lib/form-numbers';
import { useRecordPaymentMutation } from '../api/payments';
import { AccountingDialog } from './accounting-dialog';
import { PaymentApplications } from './payment-applications';
import {
  applicationsError,
  appliedCentsOf,
  PAYMENT_FIELDS,
  paymentFormSchema,
  type PaymentFormValues,
} from './payment-form';
import { TextField } from './text-field';

function SelectField({
  name,
  label,
  placeholder,
  options,
  onChanged,
}: {
  name: 'companyId' | 'method';
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  onChanged?: () => void;
}) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              onChanged?.();
            }}
          >
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

function PaymentForm({
  companies,
  invoice,
  onDone,
}: {
  companies: readonly CompanySummary[];
  invoice: Invoice | null;
  onDone: () => void;
}) {
  const mutation = useRecordPaymentMutation();
  const form = useForm<PaymentFormValues, unknown, RecordPaymentInput>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: {
      companyId: invoice?.companyId ?? '',
      amountCents: invoice ? centsToDollarsText(invoice.balanceCents) : '',
      receivedOn: todayIsoDate(),
      method: '',
      reference: '',
      note: '',
      applied: invoice ? { [invoice.id]: centsToDollarsText(invoice.balanceCents) } : {},
    },
  });
  const values = useWatch({ control: form.control }) as PaymentFormValues;
  const amount = dollarsToCents(values.amountCents ?? '') ?? 0;
  const unapplied = (Number.isFinite(amount) ? Math.round(amount) : 0) - appliedCentsOf(values);

  const submit = (request: RecordPaymentInput) =>
    mutation.mutate(request, {
      onSuccess: (payment) => {
        toast({
          title: 'Payment recorded',
          description:
            payment.unappliedCents > 0
              ? `${formatCents(payment.amountCents)} from ${payment.companyName}; ${formatCents(payment.unappliedCents)} stays as credit.`
              : `${formatCents(payment.amountCents)} from ${payment.companyName}, applied in full.`,
        });
        onDone();
      },
      onError: (error) => {
        const applied = applyFieldErrors(error, form.setError, PAYMENT_FIELDS);
        const application = applicationsError(error);
        if (application) form.setError('applied', { type: 'server', message: application });
        if (applied || application) return;
        toast({ variant: 'destructive', title: 'Could not record the payment', description: error.message });
      },
    });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {!invoice && (
            <div className="sm:col-span-2">
              <SelectField
                name="companyId"
                label="Company"
                placeholder="Choose a company"
                options={companies.map((company) => ({ value: company.id, label: company.name }))}
                onChanged={() => form.setValue('applied', {})}
              />
            </div>
          )}
          <TextField<PaymentFormValues>
            name="amountCents"
            label="Amount"
            prefix="$"
            inputMode="decimal"
            placeholder="0.00"
          />
          <TextField<PaymentFormValues>
            name="receivedOn"
            label="Received on"
            type="date"
            max={todayIsoDate()}
          />
          <SelectField
            name="method"
            label="Method"
            placeholder="Choose how it was paid"
            options={METHOD_OPTIONS}
          />
          <TextField<PaymentFormValues>
            name="reference"
            label="Reference"
            placeholder="Check number, transaction id"
          />
          <TextField<PaymentFormValues> name="note" label="Note" multiline className="sm:col-span-2" />
        </div>
        <PaymentApplications companyId={values.companyId || undefined} unappliedCents={unapplied} />
        <FormDialogFooter pending={mutation.isPending} submitLabel="Record payment" />
      </form>
    </Form>
  );
}

/**
 * Money received from a company: applied across several of its open invoices (one amount each); what is left
 * stays as the company's credit, to apply later.
 */
export function PaymentDialog({
  open,
  companies,
  invoice,
  onOpenChange,
}: DialogState & {
  companies: readonly CompanySummary[];
  /** Opened from an invoice: its company, and its balance applied to start with. */
  invoice: Invoice | null;
}) {
  return (
    <AccountingDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Record a payment"
      description={`${invoice ? `From ${invoice.companyName}. ` : ''}Apply it to the company’s open invoices; the rest stays as its credit.`}
    >
      <PaymentForm companies={companies} invoice={invoice} onDone={() => onOpenChange(false)} />
    </AccountingDialog>
  );
}
