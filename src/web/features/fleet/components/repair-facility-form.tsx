import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  FACILITY_KINDS,
  repairFacilityInputSchema,
  type RepairFacility,
  type RepairFacilityValues,
} from '@shared/fleet';

import { FieldPair } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateRepairFacilityMutation } from '../api/create-repair-facility';
import { useUpdateRepairFacilityMutation } from '../api/update-repair-facility';
import { EmailAddressField } from '../../../components/form-fields';
import { TextField, AddressAndContactFields } from './form-fields';
import { saveRecord } from './save-record';
import { centsToDollarsInput, FACILITY_KIND_LABELS, parseDollars } from './labor-rate';

const laborRateCentsSchema = repairFacilityInputSchema.shape.laborRateCents;

/**
 * The labour rate as typed, in dollars an hour. It must read as dollars and cents, and its cents must pass
 * the server's own rule (with a readable message for the upper limit, which the schema leaves generic).
 */
const laborRateSchema = z.string().superRefine((text, ctx) => {
  const parsed = parseDollars(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return;
  }
  for (const issue of laborRateCentsSchema.safeParse(parsed.cents).error?.issues ?? []) {
    ctx.addIssue({
      code: 'custom',
      message:
        issue.code === 'too_big' ? 'The labour rate must be at most $10,000.00 an hour' : issue.message,
    });
  }
});

/** `POST /api/repair-facilities`' schema with the rate in dollars; activation has its own action. */
const facilityFormSchema = repairFacilityInputSchema
  .omit({ laborRateCents: true, active: true })
  .extend({ laborRate: laborRateSchema });
type FacilityFormValues = z.output<typeof facilityFormSchema>;

const FACILITY_FIELDS = [
  'name',
  'kind',
  'address',
  'phone',
  'email',
  'contactName',
  'laborRate',
  'cccShopId',
  'tekmetricShopId',
] as const;

function toRequest({ laborRate, ...rest }: FacilityFormValues): RepairFacilityValues {
  const parsed = parseDollars(laborRate);
  return { ...rest, laborRateCents: parsed.ok ? parsed.cents : null };
}

function KindField() {
  return (
    <FormField
      name="kind"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Repairs</FormLabel>
          <Select value={field.value ?? ''} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue placeholder="Choose the kind of work" />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {FACILITY_KINDS.map((kind) => (
                <SelectItem key={kind} value={kind}>
                  {FACILITY_KIND_LABELS[kind]}
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

function LaborRateField() {
  return (
    <TextField
      name="laborRate"
      label="Labour rate"
      prefix="$"
      suffix="per hour"
      description="In dollars; leave empty if unknown."
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      className="pr-16 pl-7 tabular-nums"
    />
  );
}

/** The form of the repair facility dialog: a chunk of its own, loaded when the dialog opens. */
export function RepairFacilityForm({
  facility,
  onDone,
}: {
  facility: RepairFacility | null;
  onDone: () => void;
}) {
  const create = useCreateRepairFacilityMutation();
  const update = useUpdateRepairFacilityMutation();
  const form = useForm({
    resolver: zodResolver(facilityFormSchema),
    defaultValues: {
      name: facility?.name ?? '',
      kind: facility?.kind,
      address: facility?.address ?? '',
      phone: facility?.phone ?? '',
      email: facility?.email ?? '',
      contactName: facility?.contactName ?? '',
      laborRate: centsToDollarsInput(facility?.laborRateCents ?? null),
      cccShopId: facility?.cccShopId ?? '',
      tekmetricShopId: facility?.tekmetricShopId ?? '',
    },
  });

  const onError = (error: Error) => {
    // The server speaks of cents; the form shows dollars.
    const rate = error instanceof ApiError ? error.fieldErrors?.laborRateCents?.[0] : undefined;
    if (rate) form.setError('laborRate', { type: 'server', message: rate });
    if (applyFieldErrors(error, form.setError, FACILITY_FIELDS) || rate) return;
    toast({
      variant: 'destructive',
      title: facility ? 'Could not save the repair facility' : 'Could not create the repair facility',
      description: error.message,
    });
  };

  const onSubmit = (values: FacilityFormValues) => {
    const body = toRequest(values);
    saveRecord({
      id: facility?.id ?? null,
      body,
      changes: body,
      create,
      update,
      noun: 'Repair facility',
      createdDescription: (created) => `${created.name} was added.`,
      onDone,
      onError,
    });
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <TextField name="name" label="Name" autoComplete="off" />
        <FieldPair>
          <KindField />
          <LaborRateField />
        </FieldPair>
        <AddressAndContactFields />
        <EmailAddressField name="email" label="Email" autoComplete="off" />
        <FieldPair>
          <TextField
            name="cccShopId"
            label="CCC ONE shop id"
            description="Matches imported CCC estimates to this shop."
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            name="tekmetricShopId"
            label="Tekmetric shop id"
            description="Matches synced Tekmetric repair orders."
            autoComplete="off"
            spellCheck={false}
          />
        </FieldPair>
        <FormDialogFooter
          pending={create.isPending || update.isPending}
          submitLabel={facility ? 'Save changes' : 'Create facility'}
        />
      </form>
    </Form>
  );
}
