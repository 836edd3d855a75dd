import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { companyInputSchema, type Company, type CompanyValues } from '@shared/fleet';

import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateCompanyMutation } from '../api/create-company';
import { useUpdateCompanyMutation } from '../api/update-company';
import { CodeField, TextAreaField, TextField } from './form-fields';
import { FieldPair, RecordFormDialog, RecordFormFooter, useRecordWhileClosing } from './record-form-dialog';

/** `POST /api/companies`' schema; activation has its own action. */
const companyFormSchema = companyInputSchema.omit({ active: true });

const COMPANY_FIELDS = [
  'name',
  'code',
  'contactName',
  'contactEmail',
  'contactPhone',
  'billingAddress',
  'notes',
] as const;

function CompanyForm({ company, onDone }: { company: Company | null; onDone: () => void }) {
  const create = useCreateCompanyMutation();
  const update = useUpdateCompanyMutation();
  const form = useForm({
    resolver: zodResolver(companyFormSchema),
    defaultValues: {
      name: company?.name ?? '',
      code: company?.code ?? '',
      contactName: company?.contactName ?? '',
      contactEmail: company?.contactEmail ?? '',
      contactPhone: company?.contactPhone ?? '',
      billingAddress: company?.billingAddress ?? '',
      notes: company?.notes ?? '',
    },
  });

  const onError = (error: Error) => {
    if (applyFieldErrors(error, form.setError, COMPANY_FIELDS)) return;
    toast({
      variant: 'destructive',
      title: company ? 'Could not save the company' : 'Could not create the company',
      description: error.message,
    });
  };

  const onSubmit = (values: CompanyValues) => {
    if (company) {
      update.mutate(
        { id: company.id, changes: values },
        {
          onSuccess: (saved) => {
            toast({ title: 'Company updated', description: `Changes to ${saved.name} were saved.` });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: (created) => {
          toast({ title: 'Company created', description: `${created.name} (${created.code}) was added.` });
          onDone();
        },
        onError,
      });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <FieldPair>
          <TextField name="name" label="Name" autoComplete="off" />
          <CodeField description="Short and unique, e.g. ACME." />
        </FieldPair>
        <TextField name="contactName" label="Contact name" autoComplete="off" />
        <FieldPair>
          <TextField
            name="contactEmail"
            label="Contact email"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField name="contactPhone" label="Contact phone" type="tel" autoComplete="off" />
        </FieldPair>
        <TextAreaField name="billingAddress" label="Billing address" rows={2} />
        <TextAreaField
          name="notes"
          label="Notes"
          description="For your team: billing terms, who approves repairs, anything worth knowing."
        />
        <RecordFormFooter
          pending={create.isPending || update.isPending}
          submitLabel={company ? 'Save changes' : 'Create company'}
        />
      </form>
    </Form>
  );
}

/** Create a company (`company` null) or edit one. */
export function CompanyFormDialog({
  open,
  company,
  onOpenChange,
}: {
  open: boolean;
  company: Company | null;
  onOpenChange: (open: boolean) => void;
}) {
  const companyShown = useRecordWhileClosing(company);
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={companyShown ? 'Edit company' : 'Create company'}
      description={
        companyShown
          ? `${companyShown.name} · ${companyShown.code}`
          : 'A fleet you repair vehicles for. Add its locations once it exists.'
      }
    >
      <CompanyForm
        key={companyShown?.id ?? 'new'}
        company={companyShown}
        onDone={() => onOpenChange(false)}
      />
    </RecordFormDialog>
  );
}
