import { type ComponentProps, type ReactNode } from 'react';
import { CarFrontIcon, WrenchIcon } from 'lucide-react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { PRIORITIES, PRIORITY_LABELS } from '@shared/claims';
import { WORKFLOWS, type Workflow } from '@shared/workflows';

import { TextField as FormTextField, Optional } from '../../../components/form-fields';
import { SelectField } from '../../../components/form-choice-fields';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { SelectItem } from '../../../components/ui/select';
import type { ClaimDetailsValues } from './add-claim-schema';

/** The fields of Add Claim's details step, each bound to the step's form by name. */
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

export { Optional };

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="grid items-start gap-5 sm:grid-cols-2 sm:gap-x-4">{children}</div>
    </section>
  );
}

export function TextField({
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
  return (
    <FormTextField
      name={name}
      label={
        <>
          {label}
          {optional && <Optional />}
        </>
      }
      description={description}
      itemClassName={className}
      autoComplete="off"
      {...input}
    />
  );
}

/** An amount in dollars; the request carries integer cents. */
export function MoneyField({
  name,
  label,
}: {
  name: 'deductibleCents' | 'estimateAmountCents';
  label: string;
}) {
  return (
    <FormTextField
      name={name}
      label={
        <>
          {label}
          <Optional />
        </>
      }
      prefix="$"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      className="pl-6"
    />
  );
}

export function WorkflowField() {
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

export function PriorityField() {
  return (
    <SelectField name="priority" label="Priority">
      {PRIORITIES.map((priority) => (
        <SelectItem key={priority} value={priority}>
          {PRIORITY_LABELS[priority]}
        </SelectItem>
      ))}
    </SelectField>
  );
}

/** Drivable is yes, no, or not known yet: "not known" is not the same as "no" for counting vehicles down. */
export function DrivableField() {
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

export function CheckboxField({ name, label }: { name: 'towRequired' | 'rentalNeeded'; label: string }) {
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
