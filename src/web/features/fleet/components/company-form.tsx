import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_INVOICE_REMINDER_DAYS, listOfDays } from '@shared/accounting';
import { companyInputSchema, type Company, type CompanyValues } from '@shared/fleet';

import { FieldPair } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
} from '../../../components/ui/form';
import { centsToDollarsText, decimalValue, dollarsToCents } from '../../../lib/form-numbers';
import { Checkbox } from '../../../components/ui/checkbox';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateCompanyMutation } from '../api/create-company';
import { useUpdateCompanyMutation } from '../api/update-company';
import { EmailAddressField } from '../../../components/form-fields';
import { CodeField, TextAreaField, TextField } from './form-fields';
import { saveRecord } from './save-record';
import { TimeZoneField } from './time-zone-field';

type CompanyFormValues = Omit<
  CompanyValues,
  'active' | 'autoApprovalLimitCents' | 'paymentTermsDays' | 'taxRatePercent' | 'timeZone'
> & {
  /** Empty on a new company: the server's zone. */
  timeZone: string;
  /** Dollars as typed. */
  autoApprovalLimitCents: string;
  /** Days and percent as typed. */
  paymentTermsDays: string;
  taxRatePercent: string;
};

/**
 * `POST /api/companies`' schema with the limit typed in dollars (the field keeps the API's name, so the
 * server's message lands under it); activation has its own action.
 */
const companyFormSchema = z.preprocess(
  (values: CompanyFormValues) => ({
    ...values,
    autoApprovalLimitCents: dollarsToCents(values.autoApprovalLimitCents),
    paymentTermsDays: decimalValue(values.paymentTermsDays),
    taxRatePercent: decimalValue(values.taxRatePercent),
    timeZone: values.timeZone.trim() || undefined,
  }),
  companyInputSchema.omit({ active: true }),
);

const COMPANY_FIELDS = [
  'name',
  'code',
  'contactName',
  'contactEmail',
  'contactPhone',
  'billingAddress',
  'notes',
  'autoApprovalLimitCents',
  'paymentTermsDays',
  'taxRatePercent',
  'billingEmail',
  'timeZone',
] as const;

/** Terms, tax rate and where invoices go: what the Accounting page bills this company with. */
function BillingFields() {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-semibold">Billing</legend>
      <FieldPair>
        <TextField
          name="paymentTermsDays"
          label="Payment terms (days)"
          inputMode="numeric"
          autoComplete="off"
          description="An invoice is due this many days after it is sent."
        />
        <TextField
          name="taxRatePercent"
          label="Tax rate (%)"
          inputMode="decimal"
          autoComplete="off"
          description="Charged on the taxable lines of its invoices."
        />
      </FieldPair>
      <EmailAddressField
        name="billingEmail"
        label="Billing email"
        autoComplete="off"
        description="Invoices, reminders and statements go here (else to the contact email)."
      />
      <CheckboxField
        name="invoiceRemindersEnabled"
        label="Send overdue reminders"
        description={`A mail when an invoice is ${listOfDays(DEFAULT_INVOICE_REMINDER_DAYS)} days past due (unless the server is set otherwise).`}
      />
      <CheckboxField
        name="monthlyStatementsEnabled"
        label="Email monthly statements"
        description="On the first of each month, its statement (open invoices, aging, unapplied credit) as of the month’s last day, when it owes or has credit."
      />
    </fieldset>
  );
}

function CheckboxField({ name, label, description }: { name: string; label: string; description: string }) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-start gap-2">
          <FormControl>
            <Checkbox
              checked={field.value as boolean}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel className="font-normal">{label}</FormLabel>
            <FormDescription>{description}</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );
}

function AutoApprovalLimitField() {
  return (
    <TextField
      name="autoApprovalLimitCents"
      label="Auto-approval limit"
      prefix="$"
      boxClassName="sm:max-w-60"
      inputMode="decimal"
      autoComplete="off"
      placeholder="None"
      className="pl-7 tabular-nums"
      description="Mechanical authorization requests at or under this amount are approved at once. Leave empty to have a manager decide every request."
    />
  );
}

/** The form of the company dialog: a chunk of its own, loaded when the dialog opens. */
export function CompanyForm({ company, onDone }: { company: Company | null; onDone: () => void }) {
  const create = useCreateCompanyMutation();
  const update = useUpdateCompanyMutation();
  const form = useForm<CompanyFormValues, unknown, CompanyValues>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: {
      name: company?.name ?? '',
      code: company?.code ?? '',
      contactName: company?.contactName ?? '',
      contactEmail: company?.contactEmail ?? '',
      contactPhone: company?.contactPhone ?? '',
      billingAddress: company?.billingAddress ?? '',
      notes: company?.notes ?? '',
      autoApprovalLimitCents: centsToDollarsText(company?.autoApprovalLimitCents),
      paymentTermsDays: String(company?.paymentTermsDays ?? 30),
      taxRatePercent: String(company?.taxRatePercent ?? 0),
      billingEmail: company?.billingEmail ?? '',
      invoiceRemindersEnabled: company?.invoiceRemindersEnabled ?? true,
      monthlyStatementsEnabled: company?.monthlyStatementsEnabled ?? false,
      timeZone: company?.timeZone ?? '',
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

  const onSubmit = (values: CompanyValues) =>
    saveRecord({
      id: company?.id ?? null,
      body: values,
      changes: values,
      create,
      update,
      noun: 'Company',
      createdDescription: (created) => `${created.name} (${created.code}) was added.`,
      onDone,
      onError,
    });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <FieldPair>
          <TextField name="name" label="Name" autoComplete="off" />
          <CodeField description="Short and unique, e.g. ACME." />
        </FieldPair>
        <TextField name="contactName" label="Contact name" autoComplete="off" />
        <FieldPair>
          <EmailAddressField name="contactEmail" label="Contact email" autoComplete="off" />
          <TextField name="contactPhone" label="Contact phone" type="tel" autoComplete="off" />
        </FieldPair>
        <TextAreaField name="billingAddress" label="Billing address" rows={2} />
        <TimeZoneField isNew={!company} />
        <AutoApprovalLimitField />
        <BillingFields />
        <TextAreaField
          name="notes"
          label="Notes"
          description="For your team: billing terms, who approves repairs, anything worth knowing."
        />
        <FormDialogFooter
          pending={create.isPending || update.isPending}
          submitLabel={company ? 'Save changes' : 'Create company'}
        />
      </form>
    </Form>
  );
}
