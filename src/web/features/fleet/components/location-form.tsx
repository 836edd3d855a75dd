import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { locationInputSchema, type Location, type LocationValues } from '@shared/fleet';
import type { CompanySummary } from '@shared/users';

import { SelectField } from '../../../components/form-choice-fields';
import { FieldPair } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateLocationMutation } from '../api/create-location';
import { useUpdateLocationMutation } from '../api/update-location';
import { saveRecord } from './save-record';
import { CodeField, TextField, AddressAndContactFields } from './form-fields';

/** `POST /api/locations`' schema; activation has its own action. */
const locationFormSchema = locationInputSchema.omit({ active: true });

const LOCATION_FIELDS = ['companyId', 'name', 'code', 'address', 'phone', 'contactName'] as const;

function CompanyField({ companies, locked }: { companies: readonly CompanySummary[]; locked: boolean }) {
  return (
    <SelectField
      name="companyId"
      label="Company"
      placeholder="Choose a company"
      options={companies}
      disabled={locked}
      description={
        locked && 'A location stays with its company: its vehicles and claims belong to that company.'
      }
    />
  );
}

/** The form of the location dialog: a chunk of its own, loaded when the dialog opens. */
export function LocationForm({
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
    // The company is not editable, so an edit does not send it.
    const { companyId: _companyId, ...changes } = values;
    saveRecord({
      id: location?.id ?? null,
      body: values,
      changes,
      create,
      update,
      noun: 'Location',
      createdDescription: (created) =>
        `${created.name} (${created.code}) was added to ${created.companyName}.`,
      onDone,
      onError,
    });
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <CompanyField companies={companies} locked={location !== null} />
        <FieldPair>
          <TextField name="name" label="Name" autoComplete="off" />
          <CodeField description="Unique within the company, e.g. DEN1." />
        </FieldPair>
        <AddressAndContactFields />
        <FormDialogFooter
          pending={create.isPending || update.isPending}
          submitLabel={location ? 'Save changes' : 'Create location'}
        />
      </form>
    </Form>
  );
}
