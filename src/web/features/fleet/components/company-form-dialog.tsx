import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_INVOICE_REMINDER_DAYS, listOfDays } from '@shared/accounting';
import { companyInputSchema, type Company, type CompanyValues } from '@shared/fleet';

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
import { Input } from '../../../components/ui/input';
import { centsToDollarsText, decimalValue, dollarsToCents } from '../../../lib/form-numbers';
import { Checkbox } from '../../../components/ui/checkbox';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateCompanyMutation } from '../api/create-company';
import { useUpdateCompanyMutation } from '../api/update-company';
import { CodeField, TextAreaField, TextField } from './form-fields';
import { FieldPair, RecordFormDialog, useRecordWhileClosing } from './record-form-dialog';
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
      <TextField
        name="billingEmail"
        label="Billing email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
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
    <FormField
      name="autoApprovalLimitCents"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Auto-approval limit</FormLabel>
          <div className="relative sm:max-w-60">
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
                placeholder="None"
                className="pl-7 tabular-nums"
              />
            </FormControl>
          </div>
          <FormDescription>
            Mechanical authorization requests at or under this amount are approved at once. Leave empty to
            have a manager decide every request.
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function CompanyForm({ company, onDone }: { company: Company | null; onDone: () => void }) {
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
