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

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
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
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
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
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input autoComplete="off" {...field} />
              </FormControl>
              <FormDescription>The mail’s subject says it.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="cadence"
          render={({ field }) => (
            <FormItem>
              <FormLabel>How often</FormLabel>
              <FormControl>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="gap-2">
                  {REPORT_CADENCES.map((cadence) => (
                    <Label
                      key={cadence}
                      className="hover:bg-accent/60 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-accent/40 items-start gap-3 rounded-md border p-3 font-normal"
                    >
                      <RadioGroupItem value={cadence} className="mt-0.5" />
                      <span className="grid gap-1">
                        <span className="font-medium">{REPORT_CADENCE_LABELS[cadence]}</span>
                        <span className="text-muted-foreground leading-snug">
                          {REPORT_CADENCE_SCHEDULES[cadence].replace(/^./, (first) => first.toUpperCase())}
                        </span>
                      </span>
                    </Label>
                  ))}
                </RadioGroup>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="print:hidden">
          <MailIcon aria-hidden="true" />
          Email me this report
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Email me this report</DialogTitle>
          <DialogDescription>
            {describeReportFilter(filter, names)}. The PDF comes by email
            {filter.range === 'custom'
              ? ', always for these same days.'
              : '; the period moves with the calendar, so each mail covers the days before it.'}{' '}
            Times are in the company’s time zone. A report without claims is not sent.
          </DialogDescription>
        </DialogHeader>
        {open && <SubscribeForm filter={filter} names={names} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
