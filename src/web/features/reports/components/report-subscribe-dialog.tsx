import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  createReportSubscriptionSchema,
  REPORT_CADENCE_LABELS,
  REPORT_CADENCE_SCHEDULES,
  REPORT_CADENCES,
  type ReportCadence,
} from '@shared/report-subscriptions';
import { REPORT_DATE_FIELD_LABELS, REPORT_RANGE_LABELS, type ReportFilter } from '@shared/reports';
import { STATUS_LABELS } from '@shared/workflows';

import { FieldBlock, TextField } from '../../../components/form-fields';
import { RadioCardOption } from '../../../components/form-choice-fields';
import { FormDialog } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Button } from '../../../components/ui/button';
import { Form, FormControl } from '../../../components/ui/form';
import { RadioGroup } from '../../../components/ui/radio-group';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { WORKFLOW_LABELS } from '../../claims';
import { useCreateReportSubscription } from '../api/report-subscriptions';

export interface ReportFilterNames {
  company: string | null;
  location: string | null;
  facility: string | null;
}

/** A report filter in words: "Last 30 days by reported date · Acme Rentals · Collision". */
export function describeReportFilter(
  filter: Partial<ReportFilter>,
  names: Partial<ReportFilterNames>,
): string {
  const range = filter.range ?? 'last_90_days';
  const days =
    range === 'custom' && filter.from && filter.to
      ? `${filter.from} to ${filter.to}`
      : REPORT_RANGE_LABELS[range];
  const parts = [
    `${days} by ${REPORT_DATE_FIELD_LABELS[filter.dateField ?? 'reported'].toLowerCase()} date`,
    filter.companyId ? (names.company ?? 'one company') : 'all your companies',
    filter.locationId ? (names.location ?? 'one location') : null,
    filter.workflow ? WORKFLOW_LABELS[filter.workflow] : null,
    filter.repairFacilityId ? (names.facility ?? 'one repair facility') : null,
    filter.status?.length ? filter.status.map((status) => STATUS_LABELS[status]).join(', ') : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

const formSchema = createReportSubscriptionSchema.pick({ name: true, cadence: true });
type FormValues = { name: string; cadence: ReportCadence };

function SubscribeForm({
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

/**
 * "Email me this report": saves the page's filters as a weekly or monthly subscription. The date preset is
 * kept, so each mail covers the days before it; times are the report's company's time zone.
 */
export function ReportSubscribeDialog({
  filter,
  names,
}: {
  filter: ReportFilter;
  names: Partial<ReportFilterNames>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      className="sm:max-w-lg"
      trigger={
        <Button variant="outline" className="print:hidden">
          <MailIcon aria-hidden="true" />
          Email me this report
        </Button>
      }
      title="Email me this report"
      description={
        <>
          {describeReportFilter(filter, names)}. The PDF comes by email
          {filter.range === 'custom'
            ? ', always for these same days.'
            : '; the period moves with the calendar, so each mail covers the days before it.'}{' '}
          Times are in the company’s time zone. A report without claims is not sent.
        </>
      }
    >
      {open && <SubscribeForm filter={filter} names={names} onDone={() => setOpen(false)} />}
    </FormDialog>
  );
}
