import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Claim } from '@shared/claims';
import {
  defaultEstimateNumber,
  nextMoveAfterEstimate,
  supplementLabel,
  type Estimate,
  type EstimateValues,
} from '@shared/estimates';
import { formatCents } from '@shared/money';
import type { ClaimStatus } from '@shared/workflows';

import { DialogHeading } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateEstimateMutation } from '../api/create-estimate';
import { useUpdateEstimateMutation } from '../api/update-estimate';
import { NextMoveOffer } from './next-move-offer';
import { AddLineButton } from '../../../components/add-line-button';
import {
  emptyEstimateLine,
  estimateFormFields,
  estimateFormSchema,
  estimateFormValues,
  liveEstimateTotals,
  supplementFormValues,
  type EstimateFormValues,
} from './estimate-form';
import { LaborRate, TextInput, type EstimateFacility } from './estimate-header-fields';
import { EstimateLineFields } from './estimate-line-fields';
import { EstimateTotals } from './estimate-totals';

function EstimateForm({
  claim,
  estimate,
  latest,
  defaultNumber,
  facility,
  onDone,
}: {
  claim: Claim;
  estimate: Estimate | null;
  /** When adding a supplement, the latest approved estimate, which the form starts as a copy of. */
  latest: Estimate | null;
  /** The number a new estimate gets when none is typed: the original's, or EST- and the claim's digits. */
  defaultNumber: string;
  facility: EstimateFacility;
  /** Called once saved, with what was saved (for the next-move offer); `added` when it is a new estimate. */
  onDone: (saved: { added: boolean; done: string }) => void;
}) {
  const create = useCreateEstimateMutation();
  const update = useUpdateEstimateMutation();
  const form = useForm<EstimateFormValues, unknown, EstimateValues>({
    resolver: zodResolver(estimateFormSchema),
    defaultValues: estimate || !latest ? estimateFormValues(estimate) : supplementFormValues(latest),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as EstimateFormValues;
  const totals = liveEstimateTotals(values, facility?.laborRateCents ?? null);
  const linesError = form.formState.errors.lines?.message ?? form.formState.errors.lines?.root?.message;
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const onError = (error: Error) => {
    if (applyFieldErrors(error, form.setError, estimateFormFields(values.lines.length))) return;
    if (error instanceof ApiError && error.status === 409) return; // shown in the form
    toast({ variant: 'destructive', title: 'Could not save the estimate', description: error.message });
  };

  const onSubmit = (request: EstimateValues) => {
    const saved = (result: Estimate) => {
      const done = `${supplementLabel(result.supplementNumber)} ${result.number}: ${formatCents(result.totalCents)}.`;
      toast({ title: estimate ? 'Estimate saved' : 'Estimate added', description: done });
      onDone({
        added: !estimate,
        done: `${supplementLabel(result.supplementNumber)} ${result.number} added for ${formatCents(result.totalCents)}; those who can approve it are told.`,
      });
    };
    if (estimate) {
      update.mutate(
        { claimId: claim.id, id: estimate.id, estimate: { ...request, version: estimate.version } },
        { onSuccess: saved, onError },
      );
    } else {
      create.mutate({ claimId: claim.id, estimate: request }, { onSuccess: saved, onError });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextInput
            name="number"
            label="Estimate number"
            placeholder={estimate ? undefined : defaultNumber}
            description={
              estimate
                ? 'The shop’s estimate or RO number.'
                : `The shop’s estimate or RO number; left empty, ${defaultNumber}.`
            }
          />
          <LaborRate facility={facility} />
          <TextInput name="taxRatePercent" label="Tax rate" suffix="%" inputMode="decimal" placeholder="0" />
          <FormField
            control={form.control}
            name="taxLabor"
            render={({ field }) => (
              <FormItem className="flex flex-row items-start gap-2 sm:pt-8">
                <FormControl>
                  <Checkbox
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                </FormControl>
                <div className="grid gap-1">
                  <FormLabel className="font-normal">Tax labour too</FormLabel>
                  <FormDescription>Parts, paint and other are always taxed.</FormDescription>
                </div>
              </FormItem>
            )}
          />
        </div>

        <section aria-labelledby="estimate-lines-heading" className="grid gap-3">
          <h3 id="estimate-lines-heading" className="text-sm font-semibold">
            Lines
          </h3>
          {lines.fields.map((line, index) => (
            <EstimateLineFields
              key={line.id}
              index={index}
              amountCents={totals.lines[index]?.totalCents ?? 0}
              canRemove={lines.fields.length > 1}
              onRemove={() => lines.remove(index)}
            />
          ))}
          <AddLineButton error={linesError} onAdd={() => lines.append(emptyEstimateLine())} />
        </section>

        <div className="grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_18rem]">
          <FormField
            control={form.control}
            name="note"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Note</FormLabel>
                <FormControl>
                  <Textarea
                    {...field}
                    rows={4}
                    placeholder="Optional: what the estimate covers, anything to check"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <section aria-label="Totals" className="bg-muted/40 rounded-lg border p-4">
            <EstimateTotals
              live
              totals={totals}
              laborRateCents={totals.laborRateCents}
              taxRatePercent={Math.min(Number(values.taxRatePercent) || 0, 100)}
              taxLabor={values.taxLabor}
            />
          </section>
        </div>

        {failure instanceof ApiError && failure.status === 409 && (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The estimate has changed</AlertTitle>
            <AlertDescription>
              <p>{failure.message}</p>
            </AlertDescription>
          </Alert>
        )}

        <FormDialogFooter pending={pending} submitLabel={estimate ? 'Save estimate' : 'Add estimate'} />
      </form>
    </Form>
  );
}

/** Adds an estimate (the original or the next supplement) or edits one awaiting review. */
export function EstimateFormDialog({
  claim,
  open,
  estimate,
  nextSupplementNumber,
  latest,
  originalNumber,
  facility,
  onOpenChange,
}: {
  claim: Claim;
  open: boolean;
  /** The estimate to edit; null adds one. */
  estimate: Estimate | null;
  nextSupplementNumber: number;
  /** The estimate a new supplement starts from (`supplementBase`: the latest approved); null when none yet. */
  latest: Estimate | null;
  /** The original estimate's number, which supplements keep unless another is typed. */
  originalNumber: string | null;
  facility: EstimateFacility;
  onOpenChange: (open: boolean) => void;
}) {
  const [offer, setOffer] = useState<{ to: ClaimStatus; done: string } | null>(null);
  const revising = estimate ? null : latest;
  const title = estimate
    ? `Edit ${supplementLabel(estimate.supplementNumber).toLowerCase()} · ${estimate.number}`
    : nextSupplementNumber === 0
      ? 'Add an estimate'
      : `Add ${supplementLabel(nextSupplementNumber).toLowerCase()}`;
  const openChange = (next: boolean) => {
    if (!next) setOffer(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className={offer ? undefined : 'sm:max-w-4xl'}>
        {offer ? (
          <NextMoveOffer
            claim={claim}
            to={offer.to}
            done={offer.done}
            following="the new estimate"
            onClose={() => openChange(false)}
          />
        ) : (
          <>
            <DialogHeading
              title={title}
              description={
                <>
                  {claim.claimNumber} ·{' '}
                  {revising
                    ? `A supplement is the whole revised estimate, not just the changes: edit this copy of ${supplementLabel(revising.supplementNumber).toLowerCase()} ${revising.number} to match it.`
                    : 'Enter the lines as the shop wrote them; the totals follow as you type.'}
                </>
              }
            />
            <EstimateForm
              claim={claim}
              estimate={estimate}
              latest={revising}
              defaultNumber={originalNumber ?? defaultEstimateNumber(claim.number)}
              facility={facility}
              onDone={({ added, done }) => {
                const to = added ? nextMoveAfterEstimate('added', claim) : null;
                if (to) setOffer({ to, done });
                else openChange(false);
              }}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
