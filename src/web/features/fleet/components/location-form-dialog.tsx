import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { locationInputSchema, type Location, type LocationValues } from '@shared/fleet';
import type { CompanySummary } from '@shared/users';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateLocationMutation } from '../api/create-location';
import { useUpdateLocationMutation } from '../api/update-location';
import { CodeField, TextAreaField, TextField } from './form-fields';
import { FieldPair, RecordFormDialog, useRecordWhileClosing } from './record-form-dialog';

/** `POST /api/locations`' schema; activation has its own action. */
const locationFormSchema = locationInputSchema.omit({ active: true });

const LOCATION_FIELDS = ['companyId', 'name', 'code', 'address', 'phone', 'contactName'] as const;

function CompanyField({ companies, locked }: { companies: readonly CompanySummary[]; locked: boolean }) {
  return (
    <FormField
      name="companyId"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Company</FormLabel>
          <Select value={field.value ?? ''} onValueChange={field.onChange} disabled={locked}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue placeholder="Choose a company" />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {companies.map((company) => (
                <SelectItem key={company.id} value={company.id}>
                  {company.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {locked && (
            <FormDescription>
              A location stays with its company: its vehicles and claims belong to that company.
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function LocationForm({
  location,
  companies,
  companyId,
  onDone,
}: {
  location: Location | null;
  companies: readonly CompanySummary[];
  companyId: string | undefined;
  onDone: () => void;
}) {
  const create = useCreateLocationMutation();
  const update = useUpdateLocationMutation();
  const form = useForm({
    resolver: zodResolver(locationFormSchema),
    defaultValues: {
      companyId: location?.companyId ?? companyId ?? (companies.length === 1 ? companies[0]!.id : ''),
      name: location?.name ?? '',
      code: location?.code ?? '',
      address: location?.address ?? '',
      phone: location?.phone ?? '',
      contactName: location?.contactName ?? '',
    },
  });

  const onError = (error: Error) => {
    if (applyFieldErrors(error, form.setError, LOCATION_FIELDS)) return;
    toast({
      variant: 'destructive',
      title: location ? 'Could not save the location' : 'Could not create the location',
      description: error.message,
    });
  };

  const onSubmit = (values: LocationValues) => {
    if (location) {
      // The company is not editable, so it is not sent.
      const { companyId: _companyId, ...changes } = values;
      update.mutate(
        { id: location.id, changes },
        {
          onSuccess: (saved) => {
            toast({ title: 'Location updated', description: `Changes to ${saved.name} were saved.` });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: (created) => {
          toast({
            title: 'Location created',
            description: `${created.name} (${created.code}) was added to ${created.companyName}.`,
          });
          onDone();
        },
        onError,
      });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <CompanyField companies={companies} locked={location !== null} />
        <FieldPair>
          <TextField name="name" label="Name" autoComplete="off" />
          <CodeField description="Unique within the company, e.g. DEN1." />
        </FieldPair>
        <TextAreaField name="address" label="Address" rows={2} />
        <FieldPair>
          <TextField name="contactName" label="Contact name" autoComplete="off" />
          <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
        </FieldPair>
        <FormDialogFooter
          pending={create.isPending || update.isPending}
          submitLabel={location ? 'Save changes' : 'Create location'}
        />
      </form>
    </Form>
  );
}

/** Create a location (`location` null, preset to `companyId` when given) or edit one. */
export function LocationFormDialog({
  open,
  location,
  companies,
  companyId,
  onOpenChange,
}: {
  open: boolean;
  location: Location | null;
  companies: readonly CompanySummary[];
  /** The company a new location starts with: the one the list is filtered to. */
  companyId?: string | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const locationShown = useRecordWhileClosing(location);
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={locationShown ? 'Edit location' : 'Create location'}
      description={
        locationShown
          ? `${locationShown.name} · ${locationShown.companyName}`
          : 'A depot, yard or branch where vehicles of a company are based.'
      }
    >
      <LocationForm
        key={locationShown?.id ?? 'new'}
        location={locationShown}
        companies={companies}
        companyId={companyId}
        onDone={() => onOpenChange(false)}
      />
    </RecordFormDialog>
  );
}
