import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { AccountingDialog } from './accounting-dialog';
import { TextField } from './text-field';

type ReasonValues = { reason: string };

function ReasonForm({
  schema,
  label,
  submitLabel,
  failureTitle,
  pending,
  onSubmit,
}: {
  schema: z.ZodType<string, string>;
  label: string;
  submitLabel: string;
  failureTitle: string;
  pending: boolean;
  onSubmit: (reason: string, onError: (error: Error) => void) => void;
}) {
  const form = useForm<ReasonValues>({
    resolver: zodResolver(z.object({ reason: schema })),
    defaultValues: { reason: '' },
  });
  const onError = (error: Error) => {
    if (applyFieldErrors(error, form.setError, ['reason'])) return;
    toast({ variant: 'destructive', title: failureTitle, description: error.message });
  };
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ reason }) => onSubmit(reason, onError))}
      >
        <TextField<ReasonValues> name="reason" label={label} multiline />
        <FormDialogFooter pending={pending} submitLabel={submitLabel} variant="destructive" />
      </form>
    </Form>
  );
}

/**
 * Asks why before something that is kept on record (voiding an invoice, reversing a payment): the reason is
 * required by the shared schema, and the server's message lands under it too.
 */
export function ReasonDialog({
  open,
  title,
  description,
  ...form
}: {
  open: boolean;
  title: string;
  description: string;
  schema: z.ZodType<string, string>;
  label: string;
  submitLabel: string;
  failureTitle: string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (reason: string, onError: (error: Error) => void) => void;
}) {
  return (
    <AccountingDialog
      open={open}
      onOpenChange={(next) => !form.pending && form.onOpenChange(next)}
      title={title}
      description={description}
    >
      <ReasonForm {...form} />
    </AccountingDialog>
  );
}
