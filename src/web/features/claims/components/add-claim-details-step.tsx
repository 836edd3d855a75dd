import { useEffect, type ComponentProps, type ReactNode } from 'react';
import { CarFrontIcon, WrenchIcon } from 'lucide-react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { PRIORITIES, PRIORITY_LABELS } from '@shared/claims';
import { WORKFLOWS, type Workflow } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { todayIsoDate } from '../../../lib/format-calendar-date';
import {
  canWorkOn,
  toAssigneeOption,
  useAssignableUsers,
  type AssigneeOption,
} from '../api/get-assignable-users';
import { useFacilityOptions } from '../api/get-facility-options';
import type { ClaimDetailsValues } from './add-claim-schema';
import { FIELD_LABELS } from './claim-fields';

const NONE = 'none';

type Name = FieldPath<ClaimDetailsValues>;
type TextName = {
  [K in Name]: ClaimDetailsValues[K] extends string ? K : never;
}[Name];

const WORKFLOW_CHOICES: Record<Workflow, { label: string; description: string; icon: ReactNode }> = {
  collision: {
    label: 'Collision',
    description: 'Accident or body damage: estimate, insurer and body shop.',
    icon: <CarFrontIcon />,
  },
  mechanical: {
    label: 'Mechanical',
    description: 'Breakdown or mechanical fault: diagnosis, authorization and repair shop.',
    icon: <WrenchIcon />,
  },
};

function Optional() {
  // The space keeps the label's text "Estimate (optional)"; the label's flex gap spaces it on screen.
  return <span className="text-muted-foreground font-normal"> (optional)</span>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="grid items-start gap-5 sm:grid-cols-2 sm:gap-x-4">{children}</div>
    </section>
  );
}

function TextField({
  name,
  label,
  optional = true,
  description,
  className,
  ...input
}: {
  name: TextName;
  label: string;
  optional?: boolean;
  description?: string;
  className?: string;
} & Pick<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete' | 'max' | 'min'>) {
  const form = useFormContext<ClaimDetailsValues>();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>
            {label}
            {optional && <Optional />}
          </FormLabel>
          <FormControl>
            <Input autoComplete="off" {...input} {...field} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** An amount in dollars; the request carries integer cents. */
function MoneyField({ name, label }: { name: 'deductibleCents' | 'estimateAmountCents'; label: string }) {
  const form = useFormContext<ClaimDetailsValues>();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {label}
            <Optional />
          </FormLabel>
          <div className="relative">
            <span
              className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm"
              aria-hidden="true"
            >
              $
            </span>
            <FormControl>
              <Input inputMode="decimal" autoComplete="off" placeholder="0.00" className="pl-6" {...field} />
            </FormControl>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function WorkflowField() {
  const form = useFormContext<ClaimDetailsValues>();
  return (
    <FormField
      control={form.control}
      name="workflow"
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <FormLabel>Type of repair</FormLabel>
          <FormControl>
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              className="grid gap-3 sm:grid-cols-2"
            >
              {WORKFLOWS.map((workflow) => {
                const choice = WORKFLOW_CHOICES[workflow];
                return (
                  <Label
                    key={workflow}
                    className="hover:bg-accent/60 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-accent/40 items-start gap-3 rounded-lg border p-3 font-normal"
                  >
                    <RadioGroupItem value={workflow} className="mt-0.5" />
                    <span className="grid gap-1">
                      <span className="flex items-center gap-1.5 font-medium [&_svg]:size-4">
                        {choice.icon}
                        {choice.label}
                      </span>
                      <span className="text-muted-foreground leading-snug">{choice.description}</span>
                    </span>
                  </Label>
                );
              })}
            </RadioGroup>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function PriorityField() {
  const form = useFormContext<ClaimDetailsValues>();
  return (
    <FormField
      control={form.control}
      name="priority"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Priority</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {PRIORITIES.map((priority) => (
                <SelectItem key={priority} value={priority}>
                  {PRIORITY_LABELS[priority]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Drivable is yes, no, or not known yet: "not known" is not the same as "no" for counting vehicles down. */
function DrivableField() {
  const form = useFormContext<ClaimDetailsValues>();
  return (
    <FormField
      control={form.control}
      name="drivable"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Can it be driven?</FormLabel>
          <FormControl>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="flex h-9 gap-4">
              {(
                [
                  ['yes', 'Yes'],
                  ['no', 'No'],
                  ['unknown', 'Unknown'],
                ] as const
              ).map(([value, label]) => (
                <Label key={value} className="font-normal">
                  <RadioGroupItem value={value} />
                  {label}
                </Label>
              ))}
            </RadioGroup>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function CheckboxField({ name, label }: { name: 'towRequired' | 'rentalNeeded'; label: string }) {
  const form = useFormContext<ClaimDetailsValues>();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-center gap-2 space-y-0">
          <FormControl>
            <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}

/** Facilities doing this workflow's kind of work; a facility that does not is unset when the workflow changes. */
function FacilityField({ workflow }: { workflow: Workflow | undefined }) {
  const form = useFormContext<ClaimDetailsValues>();
  const facilities = useFacilityOptions(workflow ?? 'collision', { enabled: Boolean(workflow) });
  const options = facilities.data;
  const chosen = useWatch({ control: form.control, name: 'repairFacilityId' });
  useEffect(() => {
    if (chosen && options && !options.some((facility) => facility.id === chosen)) {
      form.setValue('repairFacilityId', '');
    }
  }, [chosen, options, form]);

  return (
    <FormField
      control={form.control}
      name="repairFacilityId"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            Repair facility
            <Optional />
          </FormLabel>
          <Select
            value={field.value || NONE}
            onValueChange={(id) => field.onChange(id === NONE ? '' : id)}
            disabled={!workflow}
          >
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NONE}>
                {workflow ? 'Not chosen yet' : 'Choose the type of repair first'}
              </SelectItem>
              {(options ?? []).map((facility) => (
                <SelectItem key={facility.id} value={facility.id}>
                  {facility.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * Who works the claim. An admin can choose anyone who may work on the vehicle's company; everyone else can
 * assign it to themselves (there is no claim yet to ask who else could see it), or leave it unassigned.
 */
function AssigneeField({
  companyId,
  currentUser,
  canListUsers,
}: {
  companyId: string;
  currentUser: AssigneeOption;
  canListUsers: boolean;
}) {
  const form = useFormContext<ClaimDetailsValues>();
  const users = useAssignableUsers({ enabled: canListUsers });
  const others = (users.data ?? [])
    .filter((user) => user.id !== currentUser.id && canWorkOn(user, companyId))
    .map(toAssigneeOption);

  return (
    <FormField
      control={form.control}
      name="assigneeId"
      render={({ field }) => (
        <FormItem>
          <div className="flex items-center justify-between gap-2">
            <FormLabel>
              Assignee
              <Optional />
            </FormLabel>
            {field.value !== currentUser.id && (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-3.5 p-0"
                onClick={() => field.onChange(currentUser.id)}
              >
                Assign to me
              </Button>
            )}
          </div>
          <Select value={field.value || NONE} onValueChange={(id) => field.onChange(id === NONE ? '' : id)}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NONE}>Unassigned</SelectItem>
              <SelectItem value={currentUser.id}>{currentUser.name} (me)</SelectItem>
              {others.map((person) => (
                <SelectItem key={person.id} value={person.id}>
                  {person.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

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
