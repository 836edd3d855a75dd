import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import {
  DRIVER_REPORT_KIND_LABELS,
  DRIVER_REPORT_KINDS,
  type DriverReportForm,
} from '@shared/driver-reports';

import { FormField } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { cn } from '../../../lib/utils';

type ChoiceName = Extract<FieldPath<DriverReportForm>, 'kind' | 'drivable' | 'injuries'>;

/**
 * A question answered by one of a few large choices (a thumb's width each, for a phone): a fieldset whose legend
 * asks it, its message under the choices. The field's value is turned to and from the choices' values.
 */
function ChoiceField<Value>({
  name,
  legend,
  options,
  toChoice,
  fromChoice,
  className,
}: {
  name: ChoiceName;
  legend: ReactNode;
  options: readonly { value: string; label: string }[];
  toChoice: (value: Value | undefined) => string;
  fromChoice: (choice: string) => Value;
  className?: string;
}) {
  const form = useFormContext<DriverReportForm>();
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <fieldset className="grid gap-2">
          <legend
            className={cn('mb-2 text-sm font-medium', fieldState.error && 'text-destructive')}
            id={`${id}-legend`}
          >
            {legend}
          </legend>
          <RadioGroup
            name={field.name}
            value={toChoice(field.value as Value | undefined)}
            onValueChange={(choice) => field.onChange(fromChoice(choice))}
            aria-labelledby={`${id}-legend`}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? messageId : undefined}
            className={cn('grid gap-2', className)}
          >
            {options.map((option, index) => (
              <Label
                key={option.value}
                className={cn(
                  'hover:bg-accent/60 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/40 min-h-12 gap-3 rounded-md border px-3 py-2 text-base font-normal',
                  fieldState.error && 'border-destructive',
                )}
              >
                <RadioGroupItem
                  value={option.value}
                  // The first choice takes the focus when the question is the first one left unanswered.
                  ref={index === 0 ? field.ref : undefined}
                  onBlur={field.onBlur}
                  aria-invalid={fieldState.error ? true : undefined}
                  className="size-5"
                />
                {option.label}
              </Label>
            ))}
          </RadioGroup>
          {fieldState.error && (
            <p id={messageId} className="text-destructive text-sm">
              {fieldState.error.message}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}

const KIND_OPTIONS = DRIVER_REPORT_KINDS.map((kind) => ({
  value: kind,
  label: DRIVER_REPORT_KIND_LABELS[kind],
}));

/** What happened: an accident, damage found, a breakdown, glass, theft or vandalism. */
export function KindField() {
  return (
    <ChoiceField<string>
      name="kind"
      legend="What happened?"
      options={KIND_OPTIONS}
      toChoice={(value) => value ?? ''}
      fromChoice={(choice) => choice}
      className="sm:grid-cols-2"
    />
  );
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** A yes-or-no question, kept as a boolean. */
export function YesNoField({ name, legend }: { name: 'drivable' | 'injuries'; legend: string }) {
  return (
    <ChoiceField<boolean>
      name={name}
      legend={legend}
      options={YES_NO}
      toChoice={(value) => (value === undefined ? '' : value ? 'yes' : 'no')}
      fromChoice={(choice) => choice === 'yes'}
      className="grid-cols-2"
    />
  );
}
