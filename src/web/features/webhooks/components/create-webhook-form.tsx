import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  webhookEndpointRequestSchema,
} from '@shared/webhooks';
import type { CompanySummary } from '@shared/users';

import { CompanyReachFields, companyIdsOf } from '../../../components/company-reach-fields';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FieldBlock, TextField } from '../../../components/form-fields';
import { Checkbox } from '../../../components/ui/checkbox';
import { Form, FormControl } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateWebhookMutation } from '../api/webhooks';

const formSchema = webhookEndpointRequestSchema
  .omit({ companyIds: true })
  .extend({ reach: z.enum(['all', 'some']), companyIds: z.array(z.string()) })
  .refine((value) => value.reach === 'all' || value.companyIds.length > 0, {
    path: ['companyIds'],
    message: WEBHOOK_MESSAGES.companiesRequired,
  });
type FormValues = z.input<typeof formSchema>;

const FIELDS = ['url', 'description', 'events', 'companyIds'] as const;

/** The events as checkboxes; FormControl gives the group its id and its message's description. */
function EventChecklist({
  value,
  onChange,
  ...group
}: {
  value: string[];
  onChange: (next: string[]) => void;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <div role="group" className="grid gap-2 rounded-md border p-3" {...group}>
      {WEBHOOK_EVENTS.map((event) => (
        <div key={event} className="flex items-start gap-2">
          <Checkbox
            id={`event-${event}`}
            checked={value.includes(event)}
            onCheckedChange={(checked) =>
              onChange(checked === true ? [...value, event] : value.filter((entry) => entry !== event))
            }
            className="mt-0.5"
          />
          <Label htmlFor={`event-${event}`} className="grid gap-0.5 font-normal">
            <span>{WEBHOOK_EVENT_LABELS[event]}</span>
            <code className="text-muted-foreground text-xs">{event}</code>
          </Label>
        </div>
      ))}
    </div>
  );
}

/** The new endpoint form: a chunk of its own, loaded when the dialog opens. */
export function CreateWebhookForm({
  companies,
  onDone,
}: {
  companies: readonly CompanySummary[];
  onDone: (created: { url: string; secret: string }) => void;
}) {
  const mutation = useCreateWebhookMutation();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { url: '', description: '', events: [...WEBHOOK_EVENTS], reach: 'all', companyIds: [] },
  });
  const onSubmit = (values: FormValues) =>
    mutation.mutate(
      {
        url: values.url,
        description: values.description,
        events: values.events,
        companyIds: companyIdsOf(values),
      },
      {
        onSuccess: ({ endpoint, secret }) => onDone({ url: endpoint.url, secret }),
        onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
      },
    );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <TextField
          name="url"
          label="URL"
          type="url"
          placeholder="https://erp.example.com/fleetclaims/events"
          autoComplete="off"
          spellCheck={false}
          description="Receives a signed JSON POST per event. https, on a public address."
        />
        <TextField
          name="description"
          label="Description"
          autoComplete="off"
          description="What it feeds: “ERP”."
        />
        <FieldBlock name="events" label="Events">
          {(field) => (
            <FormControl>
              <EventChecklist value={field.value as string[]} onChange={field.onChange} />
            </FormControl>
          )}
        </FieldBlock>
        <CompanyReachFields
          companies={companies}
          allDescription="Events of every company, new ones too."
          someDescription="Only the events of these companies."
        />
        <FormDialogFooter pending={mutation.isPending} submitLabel="Add endpoint" />
      </form>
    </Form>
  );
}
