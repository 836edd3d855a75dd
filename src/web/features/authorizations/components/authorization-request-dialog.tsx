import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2Icon } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  withinAutoApprovalLimit,
  type Authorization,
  type AuthorizationRequestValues,
} from '@shared/authorizations';
import type { Claim } from '@shared/claims';
import { formatCents } from '@shared/money';

import { FormDialog } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Button } from '../../../components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useRequestAuthorizationMutation } from '../api/request-authorization';
import { AddLineButton } from '../../../components/add-line-button';
import {
  authorizationRequestFormSchema,
  emptyAuthorizationLine,
  liveRequestedAmount,
  type AuthorizationRequestFormValues,
} from './authorization-request-form';

function announce(claim: Claim, created: Authorization) {
  if (created.decidedAutomatically) {
    toast({
      title: 'Approved automatically',
      description: `${formatCents(created.requestedAmountCents)} is within the company’s limit: ${claim.claimNumber} is now Authorized.`,
    });
  } else {
    toast({
      title: 'Authorization requested',
      description: `${claim.claimNumber} awaits a decision on ${formatCents(created.requestedAmountCents)}. The managers were notified.`,
    });
  }
}

function RequestForm({
  claim,
  autoApprovalLimitCents,
  onDone,
}: {
  claim: Claim;
  autoApprovalLimitCents: number | null;
  onDone: () => void;
}) {
  const mutation = useRequestAuthorizationMutation();
  const form = useForm<AuthorizationRequestFormValues, unknown, AuthorizationRequestValues>({
    resolver: zodResolver(authorizationRequestFormSchema),
    defaultValues: { note: '', lines: [emptyAuthorizationLine()] },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as AuthorizationRequestFormValues;
  const amount = liveRequestedAmount(values);
  const automatic = amount > 0 && withinAutoApprovalLimit(amount, autoApprovalLimitCents);
  const linesError = form.formState.errors.lines?.message ?? form.formState.errors.lines?.root?.message;

  const onSubmit = (request: AuthorizationRequestValues) =>
    mutation.mutate(
      { claimId: claim.id, request },
      {
        onSuccess: (created) => {
          announce(claim, created);
          onDone();
        },
        onError: (error) => {
          const fields = values.lines.flatMap((_, index) => [
            `lines.${index}.description` as const,
            `lines.${index}.amountCents` as const,
          ]);
          if (applyFieldErrors(error, form.setError, ['note', 'lines', ...fields])) return;
          toast({
            variant: 'destructive',
            title: 'Could not request authorization',
            description: error.message,
          });
        },
      },
    );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <section aria-labelledby="authorization-lines-heading" className="grid gap-3">
          <h3 id="authorization-lines-heading" className="text-sm font-semibold">
            Work to authorize
          </h3>
          {lines.fields.map((line, index) => (
            <fieldset key={line.id} className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto]">
              <legend className="sr-only">Line {index + 1}</legend>
              <FormField
                control={form.control}
                name={`lines.${index}.description`}
                render={({ field }) => (
                  <FormItem className="gap-1.5">
                    <FormLabel className="text-xs">Work</FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        autoComplete="off"
                        placeholder="e.g. Replace front brake pads and rotors"
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name={`lines.${index}.amountCents`}
                render={({ field }) => (
                  <FormItem className="gap-1.5">
                    <FormLabel className="text-xs">Amount</FormLabel>
                    <div className="relative">
                      <span
                        aria-hidden="true"
                        className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm"
                      >
                        $
                      </span>
                      <FormControl>
                        <Input
                          {...field}
                          inputMode="decimal"
                          autoComplete="off"
                          placeholder="0.00"
                          className="pl-7 tabular-nums"
                        />
                      </FormControl>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="justify-self-end sm:mt-6"
                onClick={() => lines.remove(index)}
                disabled={lines.fields.length === 1}
                aria-label={`Remove line ${index + 1}`}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </fieldset>
          ))}
          <AddLineButton error={linesError} onAdd={() => lines.append(emptyAuthorizationLine())} />
        </section>
        <FormField
          control={form.control}
          name="note"
          render={({ field }) => (
            <FormItem>
              <FormLabel>What was found</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={3}
                  placeholder="Optional: the diagnosis, and why the work is needed"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="bg-muted/40 grid gap-1 rounded-lg border p-4 text-sm" aria-live="polite">
          <p className="flex justify-between gap-4 text-base font-semibold tabular-nums">
            <span>Requested</span>
            <span>{formatCents(amount)}</span>
          </p>
          <p className="text-muted-foreground">
            {autoApprovalLimitCents === null
              ? 'The company has no auto-approval limit: a manager decides.'
              : amount <= 0
                ? `Requests up to ${formatCents(autoApprovalLimitCents)} are approved at once; above that, a manager decides.`
                : automatic
                  ? `Within the company’s auto-approval limit of ${formatCents(autoApprovalLimitCents)}: it is approved at once.`
                  : `Above the company’s auto-approval limit of ${formatCents(autoApprovalLimitCents)}: a manager decides.`}
          </p>
        </div>
        <FormDialogFooter pending={mutation.isPending} submitLabel="Request authorization" />
      </form>
    </Form>
  );
}

/** Asks the fleet to authorize mechanical work, line by line; the claim moves to Authorization requested. */
export function AuthorizationRequestDialog({
  claim,
  open,
  autoApprovalLimitCents,
  onOpenChange,
}: {
  claim: Claim;
  open: boolean;
  autoApprovalLimitCents: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title="Request authorization"
      description={`${claim.claimNumber} · List the work the shop proposes, with its amount. The managers who can authorize are notified.`}
    >
      <RequestForm
        claim={claim}
        autoApprovalLimitCents={autoApprovalLimitCents}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}
