import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, Trash2Icon } from 'lucide-react';
import { useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { lineAmountCents, type Invoice } from '@shared/accounting';
import { formatCents } from '@shared/money';
import { INVOICE_TAX_RATE_RULE } from '@shared/money-facts';

import { AddLineButton } from '../../../components/add-line-button';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { decimalValue, dollarsToCents } from '../../../lib/form-numbers';
import { useUpdateInvoiceMutation } from '../api/invoice-mutations';
import { AccountingDialog, type InvoiceDialogProps } from './accounting-dialog';
import { Money } from './accounting-format';
import {
  emptyInvoiceLine,
  invoiceLinesFormFields,
  invoiceLinesFormSchema,
  invoiceLinesFormValues,
  liveInvoiceTotals,
  type InvoiceLinesFormValues,
  type InvoiceLinesRequest,
} from './invoice-lines-form';
import { TextField } from './text-field';

function LineFields({
  index,
  canRemove,
  onRemove,
}: {
  index: number;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const form = useFormContext<InvoiceLinesFormValues>();
  const line = useWatch({ control: form.control, name: `lines.${index}` });
  const quantity = decimalValue(line?.quantity ?? '') ?? 0;
  const price = dollarsToCents(line?.unitPriceCents ?? '') ?? 0;
  const amount =
    Number.isFinite(quantity) && Number.isFinite(price) ? lineAmountCents(quantity, Math.round(price)) : 0;
  const number = index + 1;
  const headingId = useId();
  return (
    <fieldset aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-3">
        <span id={headingId} className="text-sm font-medium">
          Line {number}
        </span>
        <div className="flex items-center gap-2">
          <span className="text-sm tabular-nums" aria-label={`Line ${number} amount`}>
            {formatCents(amount)}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onRemove}
            disabled={!canRemove}
            aria-label={`Remove line ${number}`}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-12 items-start gap-3">
        <TextField<InvoiceLinesFormValues>
          name={`lines.${index}.description`}
          label="Description"
          className="col-span-12"
        />
        <TextField<InvoiceLinesFormValues>
          name={`lines.${index}.quantity`}
          label="Quantity"
          inputMode="decimal"
          className="col-span-6 sm:col-span-4"
        />
        <TextField<InvoiceLinesFormValues>
          name={`lines.${index}.unitPriceCents`}
          label="Unit price"
          prefix="$"
          inputMode="decimal"
          placeholder="0.00"
          className="col-span-6 sm:col-span-4"
        />
        <FormField
          control={form.control}
          name={`lines.${index}.taxable`}
          render={({ field }) => (
            <FormItem className="col-span-12 flex flex-row items-center gap-2 sm:col-span-4 sm:pt-8">
              <FormControl>
                <Checkbox
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
              </FormControl>
              <FormLabel className="font-normal">Taxable</FormLabel>
            </FormItem>
          )}
        />
      </div>
    </fieldset>
  );
}

function LinesForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const mutation = useUpdateInvoiceMutation();
  const form = useForm<InvoiceLinesFormValues, unknown, InvoiceLinesRequest>({
    resolver: zodResolver(invoiceLinesFormSchema),
    defaultValues: invoiceLinesFormValues(invoice),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as InvoiceLinesFormValues;
  const totals = liveInvoiceTotals(values, invoice.taxRatePercent);
  const linesError = form.formState.errors.lines?.message ?? form.formState.errors.lines?.root?.message;

  const submit = ({ lines: request, taxRatePercent }: InvoiceLinesRequest) =>
    mutation.mutate(
      { id: invoice.id, changes: { version: invoice.version, lines: request, taxRatePercent } },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Draft saved',
            description: `The draft for ${saved.companyName} now totals ${formatCents(saved.totalCents)}.`,
          });
          onDone();
        },
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, invoiceLinesFormFields(values.lines.length))) return;
          if (error instanceof ApiError && error.status === 409) return; // shown in the form
          toast({ variant: 'destructive', title: 'Could not save the draft', description: error.message });
        },
      },
    );

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
        <section aria-label="Lines" className="grid gap-3">
          {lines.fields.map((line, index) => (
            <LineFields
              key={line.id}
              index={index}
              canRemove={lines.fields.length > 1}
              onRemove={() => lines.remove(index)}
            />
          ))}
          <AddLineButton error={linesError} onAdd={() => lines.append(emptyInvoiceLine())} />
        </section>
        <TextField<InvoiceLinesFormValues>
          name="taxRatePercent"
          label="Tax rate (%)"
          inputMode="decimal"
          description={INVOICE_TAX_RATE_RULE}
          className="max-w-md"
        />
        <dl
          aria-label="Totals"
          className="bg-muted/40 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border p-3 text-sm"
        >
          <dt>Subtotal</dt>
          <dd className="text-right">
            <Money cents={totals.subtotalCents} />
          </dd>
          <dt>Tax ({totals.taxRatePercent}%)</dt>
          <dd className="text-right">
            <Money cents={totals.taxCents} />
          </dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">
            <Money cents={totals.totalCents} />
          </dd>
        </dl>
        {mutation.error instanceof ApiError && mutation.error.status === 409 && (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The draft has changed</AlertTitle>
            <AlertDescription>
              <p>{mutation.error.message}</p>
            </AlertDescription>
          </Alert>
        )}
        <FormDialogFooter pending={mutation.isPending} submitLabel="Save draft" />
      </form>
    </Form>
  );
}

/** Edits a draft's lines (description, quantity, unit price, taxable) and tax rate; the totals follow as you type. */
export function InvoiceLinesDialog({ invoice, open, onOpenChange }: InvoiceDialogProps) {
  return (
    <AccountingDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Edit draft lines"
      description={`${invoice.companyName} · tax at ${invoice.taxRatePercent}% on the taxable lines.`}
    >
      <LinesForm invoice={invoice} onDone={() => onOpenChange(false)} />
    </AccountingDialog>
  );
}
