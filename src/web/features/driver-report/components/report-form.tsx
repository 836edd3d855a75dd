import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CircleAlertIcon, Loader2Icon, SendIcon } from 'lucide-react';
import type { z } from 'zod';
import { driverReportFormSchema, type DriverReportForm, type SentDriverReport } from '@shared/driver-reports';

import {
  EmailAddressField,
  FieldBlock,
  Optional,
  TextAreaField,
  TextField,
} from '../../../components/form-fields';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormControl } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { todayIsoDate } from '../../../lib/format-calendar-date';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSendReportMutation } from '../api/report-link';
import { emptyReport, REPORT_FIELDS } from '../lib/report-values';
import { KindField, YesNoField } from './choice-fields';
import { LocationField } from './location-field';
import { PhotoPicker } from './photo-picker';
import type { useChosenPhotos } from './use-chosen-photos';

export type SentReportValues = z.output<typeof driverReportFormSchema>;

/** A group of fields reads as a part of the form, above the labels of its fields. */
const SECTION_LEGEND = 'mb-3 text-base font-semibold';

const optional = (label: string) => (
  <>
    {label}
    <Optional />
  </>
);

const DESCRIPTION_HINT = 'What happened, and what is damaged or not working.';

/** The day, today unless changed, and the time if the driver knows it. */
function WhenFields() {
  return (
    <div className="grid grid-cols-2 items-start gap-3">
      <TextField name="occurredOn" label="Day" type="date" max={todayIsoDate()} className="h-11" />
      <FieldBlock name="occurredTime" label={optional('Time')}>
        {(field) => (
          <FormControl>
            <Input
              type="time"
              className="h-11"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={(field.value as string | null | undefined) ?? ''}
              // An emptied time is no time, not a time in the wrong format.
              onChange={(event) => field.onChange(event.target.value || null)}
            />
          </FormControl>
        )}
      </FieldBlock>
    </div>
  );
}

/** Who the driver met: all of it optional, as much as they could get. */
function OtherPartyFields() {
  return (
    <fieldset className="grid gap-3">
      <legend className={SECTION_LEGEND}>
        The other vehicle or person{' '}
        <span className="text-muted-foreground font-normal">(if there was one)</span>
      </legend>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <TextField name="otherPartyName" label={optional('Name')} autoComplete="off" className="h-11" />
        <TextField
          name="otherPartyPlate"
          label={optional('Licence plate')}
          autoComplete="off"
          autoCapitalize="characters"
          className="h-11"
        />
        <TextField name="otherPartyInsurer" label={optional('Insurer')} autoComplete="off" className="h-11" />
        <TextField
          name="otherPartyPolicy"
          label={optional('Policy number')}
          autoComplete="off"
          className="h-11"
        />
      </div>
    </fieldset>
  );
}

/** Who sent it, for the fleet manager to call back. */
function DriverFields() {
  return (
    <fieldset className="grid gap-3">
      <legend className={SECTION_LEGEND}>About you</legend>
      <TextField name="driverName" label="Your name" autoComplete="name" className="h-11" />
      <TextField
        name="driverPhone"
        label={optional('Your phone')}
        type="tel"
        autoComplete="tel"
        className="h-11"
      />
      <EmailAddressField
        name="driverEmail"
        label={optional('Your e-mail')}
        autoComplete="email"
        description="We e-mail you the claim number when a claim is opened."
        className="h-11"
      />
    </fieldset>
  );
}

/**
 * The driver's report: checked with the server's own schema before it is sent, and the server's messages shown under
 * the same fields; the first field to fix takes the focus. Once the server has it, `onSent` takes over (the photos
 * go then).
 */
export function ReportForm({
  token,
  photos,
  onSent,
}: {
  token: string;
  photos: ReturnType<typeof useChosenPhotos>;
  onSent: (sent: SentDriverReport, values: SentReportValues) => void;
}) {
  const mutation = useSendReportMutation(token);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DriverReportForm, unknown, SentReportValues>({
    resolver: zodResolver(driverReportFormSchema),
    defaultValues: emptyReport(),
  });

  const onSubmit = (values: SentReportValues) => {
    setProblem(null);
    mutation.mutate(values, {
      onSuccess: (sent) => onSent(sent, values),
      onError: (error) => {
        if (applyFieldErrors(error, form.setError, REPORT_FIELDS)) {
          const first = REPORT_FIELDS.find((name) => form.getFieldState(name).error);
          if (first) form.setFocus(first);
          return;
        }
        setProblem(error.message);
      },
    });
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-7">
        <KindField />
        <WhenFields />
        <LocationField />
        <YesNoField name="drivable" legend="Can the vehicle be driven?" />
        <YesNoField name="injuries" legend="Was anyone hurt?" />
        <OtherPartyFields />
        <TextField
          name="policeReportNumber"
          label={optional('Police report number')}
          autoComplete="off"
          className="h-11"
        />
        <TextAreaField name="witnesses" label={optional('Witnesses')} placeholder="Names and phone numbers" />
        <FieldBlock name="description" label="Description" description={DESCRIPTION_HINT}>
          {(field) => (
            <FormControl>
              <Textarea rows={5} className="min-h-32" {...field} />
            </FormControl>
          )}
        </FieldBlock>
        <PhotoPicker
          photos={photos.photos}
          notice={photos.notice}
          onAdd={photos.add}
          onRemove={photos.remove}
        />
        <DriverFields />
        {problem && (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The report was not sent</AlertTitle>
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" size="lg" className="h-12 w-full text-base" disabled={mutation.isPending}>
          {mutation.isPending ? (
            <>
              <Loader2Icon className="animate-spin" aria-hidden="true" />
              Sending report…
            </>
          ) : (
            <>
              <SendIcon aria-hidden="true" />
              Send report
            </>
          )}
        </Button>
      </form>
    </Form>
  );
}
