import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  createReportSubscriptionSchema,
  REPORT_CADENCE_LABELS,
  REPORT_CADENCE_SCHEDULES,
  REPORT_CADENCES,
  type ReportCadence,
} from '@shared/report-subscriptions';
import { REPORT_RANGE_LABELS, type ReportFilter } from '@shared/reports';

import { FieldBlock, TextField } from '../../../components/form-fields';
import { RadioCardOption } from '../../../components/form-choice-fields';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Form, FormControl } from '../../../components/ui/form';
import { RadioGroup } from '../../../components/ui/radio-group';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateReportSubscription } from '../api/report-subscriptions';
import type { ReportFilterNames } from './report-subscribe-dialog';

/** The subscription's form: a chunk of its own, loaded when the dialog opens (issue 30, the route's budget). */
const formSchema = createReportSubscriptionSchema.pick({ name: true, cadence: true });
type FormValues = { name: string; cadence: ReportCadence };

export default function SubscribeForm({
  filter,
  names,
  onDone,
}: {
  filter: ReportFilter;
  names: Partial<ReportFilterNames>;
  onDone: () => void;
}) {
  const mutation = useCreateReportSubscription();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: [names.company, REPORT_RANGE_LABELS[filter.range]].filter(Boolean).join(', '),
      cadence: 'weekly',
    },
  });
  const onSubmit = (values: FormValues) =>
    mutation.mutate(
      { ...values, filter },
      {
        onSuccess: (created) => {
          toast({
            title: 'Report subscription saved',
            description: `“${created.name}” will be emailed to you ${REPORT_CADENCE_SCHEDULES[created.cadence]}.`,
          });
          onDone();
        },
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, ['name', 'cadence'])) return;
          toast({ variant: 'destructive', title: 'Could not subscribe', description: error.message });
        },
      },
    );
  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)}>
        <TextField name="name" label="Name" autoComplete="off" description="The mail’s subject says it." />
        <FieldBlock name="cadence" label="How often">
          {(field) => (
            <>
              <FormControl>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="gap-2">
                  {REPORT_CADENCES.map((cadence) => (
                    <RadioCardOption
                      key={cadence}
                      value={cadence}
                      title={REPORT_CADENCE_LABELS[cadence]}
                      description={REPORT_CADENCE_SCHEDULES[cadence].replace(/^./, (first) =>
                        first.toUpperCase(),
                      )}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            </>
          )}
        </FieldBlock>
        <FormDialogFooter pending={mutation.isPending} submitLabel="Subscribe" />
      </form>
    </Form>
  );
}
