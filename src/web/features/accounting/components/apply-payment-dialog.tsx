import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { applyPaymentSchema, type Payment } from '@shared/accounting';
import { formatCents } from '@shared/money';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { dollarsToCents } from '../../../lib/form-numbers';
import { useApplyPaymentMutation, type Application } from '../api/payments';
import { AccountingDialog } from './accounting-dialog';
import { PaymentApplications } from './payment-applications';
import { applicationsError, appliedCentsOf, type PaymentFormValues } from './payment-form';

type ApplyValues = Pick<PaymentFormValues, 'applied'>;

const applySchema = z.preprocess(
  (values: ApplyValues) => ({
    applications: Object.entries(values.applied)
      .filter(([, dollars]) => (dollars ?? '').trim() !== '')
      .map(([invoiceId, dollars]) => ({
        invoiceId,
        amountCents: dollarsToCents(dollars ?? '') ?? Number.NaN,
      })),
  }),
  applyPaymentSchema.pick({ applications: true }),
);

function ApplyForm({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const mutation = useApplyPaymentMutation();
  const form = useForm<ApplyValues, unknown, { applications: Application[] }>({
    resolver: zodResolver(applySchema),
    defaultValues: { applied: {} },
  });
  const values = useWatch({ control: form.control }) as ApplyValues;
  const submit = ({ applications }: { applications: Application[] }) =>
    mutation.mutate(
      { id: payment.id, applications },
      {
        onSuccess: (applied) => {
          toast({
            title: 'Credit applied',
            description: `${formatCents(payment.unappliedCents - applied.unappliedCents)} applied; ${formatCents(applied.unappliedCents)} left as credit.`,
          });
          onDone();
        },
        onError: (error) => {
          const message = applicationsError(error);
          if (message) return form.setError('applied', { type: 'server', message });
          toast({ variant: 'destructive', title: 'Could not apply the credit', description: error.message });
        },
      },
    );
  const error = form.formState.errors as { applications?: { message?: string } };
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
        <PaymentApplications
          companyId={payment.companyId}
          unappliedCents={payment.unappliedCents - appliedCentsOf({ applied: values.applied ?? {} })}
        />
        {error.applications?.message && (
          <p role="alert" className="text-destructive text-sm">
            {error.applications.message}
          </p>
        )}
        <FormDialogFooter pending={mutation.isPending} submitLabel="Apply credit" />
      </form>
    </Form>
  );
}

/** A payment's unapplied remainder, applied to some of the company's open invoices. */
export function ApplyPaymentDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  return (
    <AccountingDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      wide
      title="Apply credit"
      description={
        payment
          ? `${formatCents(payment.unappliedCents)} of ${payment.companyName}’s payment is unapplied.`
          : ''
      }
    >
      {payment && <ApplyForm payment={payment} onDone={onClose} />}
    </AccountingDialog>
  );
}
