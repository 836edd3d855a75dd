import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPES,
  COMPANY_SCOPED_PERMISSIONS,
  createApiTokenRequestSchema,
  scopesBeyondCompanies,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@shared/api-tokens';
import { PERMISSION_DESCRIPTIONS } from '@shared/permission-descriptions';
import type { CompanySummary } from '@shared/users';

import { CompanyReachFields, companyIdsOf } from '../../../components/company-reach-fields';
import { FieldPair } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FieldBlock, TextField } from '../../../components/form-fields';
import { Checkbox } from '../../../components/ui/checkbox';
import { Form, FormControl } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateApiTokenMutation } from '../api/api-tokens';

/** The request's schema, with "every company" as a choice of its own beside the companies picked. */
const formSchema = createApiTokenRequestSchema
  .omit({ companyIds: true })
  .extend({ reach: z.enum(['all', 'some']), companyIds: z.array(z.string()) })
  .superRefine((value, ctx) => {
    if (value.reach === 'some' && value.companyIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['companyIds'], message: API_TOKEN_MESSAGES.companiesRequired });
    }
    if (scopesBeyondCompanies(value.scopes, value.reach === 'all' ? null : value.companyIds).length) {
      ctx.addIssue({ code: 'custom', path: ['scopes'], message: API_TOKEN_MESSAGES.narrowedScopes });
    }
  });
type FormValues = z.input<typeof formSchema>;

const FIELDS = ['name', 'scopes', 'companyIds', 'expiresOn'] as const;

/** The scopes in two groups: what works within companies, and the administrators' own. */
const GROUPS = [
  {
    label: 'Claims and fleet',
    scopes: API_TOKEN_SCOPES.filter((scope) => COMPANY_SCOPED_PERMISSIONS.includes(scope)),
  },
  {
    label: 'Administration (every company only)',
    scopes: API_TOKEN_SCOPES.filter((scope) => !COMPANY_SCOPED_PERMISSIONS.includes(scope)),
  },
];

/** A date `days` from today, as the date input writes it. */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The scopes as checkboxes; FormControl gives the group its id and its message's description. */
function ScopeChecklist({
  value,
  onChange,
  some,
  groups,
  ...group
}: {
  value: string[];
  onChange: (next: string[]) => void;
  some: boolean;
  groups: typeof GROUPS;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const toggle = (scope: ApiTokenScope, on: boolean) =>
    onChange(on ? [...value, scope] : value.filter((entry) => entry !== scope));
  return (
    <div role="group" className="grid gap-4 rounded-md border p-3" {...group}>
      {groups.map((group) => (
        <fieldset key={group.label} className="grid gap-2">
          <legend className="text-muted-foreground mb-1 text-xs font-medium tracking-wide uppercase">
            {group.label}
          </legend>
          {group.scopes.map((scope) => {
            const disabled = some && !COMPANY_SCOPED_PERMISSIONS.includes(scope);
            const id = `scope-${scope}`;
            return (
              <div key={scope} className="flex items-start gap-2">
                <Checkbox
                  id={id}
                  checked={value.includes(scope)}
                  disabled={disabled}
                  onCheckedChange={(checked) => toggle(scope, checked === true)}
                  className="mt-0.5"
                />
                <Label htmlFor={id} className="grid gap-0.5 font-normal">
                  <span>{PERMISSION_DESCRIPTIONS[scope]}</span>
                  <code className="text-muted-foreground text-xs">{scope}</code>
                </Label>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

/**
 * The new token form: a chunk of its own, loaded when the dialog opens. With `everyCompany` (an administrator) a
 * token may reach every company and hold the administration scopes; without (a manager), chosen companies of theirs
 * and the claims and fleet scopes.
 */
export function CreateApiTokenForm({
  companies,
  everyCompany,
  onDone,
}: {
  companies: readonly CompanySummary[];
  everyCompany: boolean;
  onDone: (created: CreatedApiToken) => void;
}) {
  const mutation = useCreateApiTokenMutation();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: '',
      scopes: ['vehicles.view'],
      reach: everyCompany ? 'all' : 'some',
      companyIds: companies.length === 1 ? [companies[0]!.id] : [],
      expiresOn: daysFromToday(90),
    },
  });
  const reach = useWatch({ control: form.control, name: 'reach' });

  const onSubmit = (values: FormValues) =>
    mutation.mutate(
      {
        name: values.name,
        scopes: values.scopes,
        companyIds: companyIdsOf(values),
        expiresOn: values.expiresOn,
      },
      { onSuccess: onDone, onError: (error) => applyFieldErrors(error, form.setError, FIELDS) },
    );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <FieldPair>
          <TextField
            name="name"
            label="Name"
            autoComplete="off"
            description="What uses it: “Telematics sync”."
          />
          <TextField
            name="expiresOn"
            label="Works through"
            type="date"
            min={daysFromToday(1)}
            max={daysFromToday(365)}
            description="The last day it works, at most a year ahead."
          />
        </FieldPair>
        <CompanyReachFields
          companies={companies}
          everyCompany={everyCompany}
          allDescription="Also the administration scopes."
          someDescription={
            everyCompany ? 'Claims and fleet scopes only.' : 'Which of your companies it may reach.'
          }
          onReachChange={(next) => {
            if (next !== 'some') return;
            const scopes = form.getValues('scopes');
            form.setValue(
              'scopes',
              scopes.filter((scope) => COMPANY_SCOPED_PERMISSIONS.includes(scope)),
            );
          }}
        />
        <FieldBlock
          name="scopes"
          label="Scopes"
          description="Each scope opens the API routes of that permission, and only while you still hold it."
        >
          {(field) => (
            <FormControl>
              <ScopeChecklist
                value={field.value as string[]}
                onChange={field.onChange}
                some={reach === 'some'}
                groups={everyCompany ? GROUPS : GROUPS.slice(0, 1)}
              />
            </FormControl>
          )}
        </FieldBlock>
        <FormDialogFooter pending={mutation.isPending} submitLabel="Create token" />
      </form>
    </Form>
  );
}
