import { useFormContext } from 'react-hook-form';

import { FormControl, FormField, FormItem, FormLabel } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOpenInvoices } from '../api/open-invoices';
import { Day, invoiceName, Money } from './accounting-format';
import type { PaymentFormValues } from './payment-form';
import { InputPrefix } from './text-field';

/** One amount box per open invoice of the company, then what stays unapplied (or the overrun). */
export function PaymentApplications({
  companyId,
  unappliedCents,
}: {
  companyId: string | undefined;
  unappliedCents: number;
}) {
  const form = useFormContext<Pick<PaymentFormValues, 'applied'>>();
  const open = useOpenInvoices(companyId);
  const error = (form.formState.errors.applied as { message?: string } | undefined)?.message;
  if (!companyId) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">Apply to open invoices</legend>
      {open.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : open.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          This company has no open invoice: the payment stays as its credit.
        </p>
      ) : (
        <ul className="grid gap-2">
          {open.items.map((invoice) => (
            <li key={invoice.id}>
              <FormField
                control={form.control}
                name={`applied.${invoice.id}`}
                render={({ field }) => (
                  <FormItem className="grid grid-cols-[minmax(0,1fr)_8rem] items-center gap-3 rounded-lg border px-3 py-2">
                    <div className="grid min-w-0 gap-0.5 text-sm">
                      <FormLabel className="font-medium">Apply to {invoiceName(invoice)}</FormLabel>
                      <span className="text-muted-foreground text-xs">
                        Due <Day date={invoice.dueDate} /> · balance <Money cents={invoice.balanceCents} />
                      </span>
                    </div>
                    <div className="relative">
                      <InputPrefix>$</InputPrefix>
                      <FormControl>
                        <Input
                          {...field}
                          value={field.value ?? ''}
                          inputMode="decimal"
                          placeholder="0.00"
                          autoComplete="off"
                          className="pl-7 tabular-nums"
                        />
                      </FormControl>
                    </div>
                  </FormItem>
                )}
              />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <p className="text-sm" aria-live="polite">
        {unappliedCents >= 0 ? (
          <>
            Unapplied: <Money cents={unappliedCents} className="font-medium" /> stays as the company’s credit.
          </>
        ) : (
          <span className="text-destructive">
            The amounts applied are <Money cents={-unappliedCents} /> more than the payment.
          </span>
        )}
      </p>
    </fieldset>
  );
}
