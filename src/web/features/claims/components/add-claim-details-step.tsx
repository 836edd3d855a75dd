import { useFormContext, useWatch } from 'react-hook-form';
import { WORKFLOWS } from '@shared/workflows';

import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';
import { todayIsoDate } from '../../../lib/format-calendar-date';
import type { AssigneeOption } from '../api/get-assignable-users';
import {
  CheckboxField,
  DrivableField,
  MoneyField,
  PriorityField,
  Section,
  TextField,
  WorkflowField,
} from './add-claim-detail-fields';
import { AssigneeField, FacilityField } from './add-claim-repair-fields';
import type { ClaimDetailsValues } from './add-claim-schema';
import { FIELD_LABELS } from './claim-fields';

/** Step 2: what happened, the vehicle's condition, where it is repaired, and (for collisions) the insurer. */
export function AddClaimDetailsStep({
  companyId,
  currentUser,
  canListUsers,
}: {
  /** The vehicle's company: who can be assigned depends on it. */
  companyId: string;
  currentUser: AssigneeOption;
  canListUsers: boolean;
}) {
  const form = useFormContext<ClaimDetailsValues>();
  const [workflowValue, lossDate, dropOffDate] = useWatch({
    control: form.control,
    name: ['workflow', 'lossDate', 'dropOffDate'],
  });
  const workflow = WORKFLOWS.find((candidate) => candidate === workflowValue);
  const today = todayIsoDate();

  return (
    <div className="grid gap-8">
      <Section title="What happened">
        <WorkflowField />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem className="sm:col-span-2">
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea rows={4} placeholder="What is damaged or wrong, and how it happened" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <TextField
          name="lossDate"
          label={workflow === 'mechanical' ? 'Date of breakdown' : 'Date of loss'}
          type="date"
          max={today}
          optional={false}
        />
        <PriorityField />
      </Section>

      <Section title="Driver and vehicle">
        <TextField name="reportedByName" label="Reported by (driver)" autoComplete="off" />
        <TextField name="reportedByPhone" label={FIELD_LABELS.reportedByPhone} type="tel" />
        <DrivableField />
        <TextField name="odometerAtIntake" label="Odometer at intake (miles)" inputMode="numeric" />
        <div className="grid gap-3 sm:col-span-2 sm:flex sm:gap-6">
          <CheckboxField name="towRequired" label="Tow required" />
          <CheckboxField name="rentalNeeded" label="Rental vehicle needed" />
        </div>
      </Section>

      <Section title="Repair">
        <FacilityField workflow={workflow} />
        <AssigneeField companyId={companyId} currentUser={currentUser} canListUsers={canListUsers} />
        <TextField name="dropOffDate" label="Drop-off date" type="date" min={lossDate || undefined} />
        <TextField
          name="eta"
          label="Estimated completion"
          type="date"
          min={dropOffDate || lossDate || undefined}
        />
        <MoneyField name="estimateAmountCents" label="Estimate" />
      </Section>

      {workflow === 'collision' && (
        <Section title="Insurance">
          <TextField name="insurer" label="Insurer" />
          <TextField name="insurerClaimNumber" label="Insurer claim number" />
          <TextField name="policyNumber" label="Policy number" />
          <MoneyField name="deductibleCents" label="Deductible" />
          <TextField name="adjusterName" label="Adjuster" />
          <TextField name="adjusterPhone" label="Adjuster's phone" type="tel" />
          <TextField name="adjusterEmail" label="Adjuster's email" type="email" className="sm:col-span-2" />
        </Section>
      )}
    </div>
  );
}
