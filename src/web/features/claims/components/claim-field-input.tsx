import type { ComponentProps, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { PRIORITIES, PRIORITY_LABELS, type Claim } from '@shared/claims';

import { FieldBlock } from '../../../components/form-fields';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormControl, FormField, FormItem, FormLabel } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { AssigneePicker } from './assignee-picker';
import { FIELD_LABELS, type ClaimFormValues, type SectionField } from './claim-fields';
import { FacilitySelect, LocationSelect } from './claim-option-selects';

/** Radix Select has no empty value; this one stands for "not known". */
const UNKNOWN = 'unknown';

const DRIVABLE_CHOICES = [
  ['yes', 'Yes'],
  ['no', 'No'],
  [UNKNOWN, 'Unknown'],
] as const;
const PRIORITY_CHOICES = PRIORITIES.map((priority) => [priority, PRIORITY_LABELS[priority]] as const);

const TEXT_INPUTS: Partial<Record<SectionField, ComponentProps<'input'>>> = {
  reportedByPhone: { type: 'tel', autoComplete: 'off' },
  adjusterPhone: { type: 'tel', autoComplete: 'off' },
  adjusterEmail: { type: 'email', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
  odometerAtIntake: { inputMode: 'numeric' },
  lossDate: { type: 'date' },
  dropOffDate: { type: 'date' },
  eta: { type: 'date' },
};

const MONEY = new Set<SectionField>([
  'deductibleCents',
  'estimateAmountCents',
  'approvedAmountCents',
  'finalAmountCents',
]);

const DESCRIPTIONS: Partial<Record<SectionField, string>> = {
  tags: 'Separate tags with commas.',
  assigneeId: 'Only people who can see this claim can work it.',
};

type ControlProps = Pick<ComponentProps<'button'>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A choice among a few fixed answers; FormControl's id and descriptions land on the trigger. */
function ChoiceSelect({
  value,
  onChange,
  onBlur,
  choices,
  ...control
}: ControlProps & {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  choices: readonly (readonly [string, string])[];
}) {
  return (
    <Select value={value || UNKNOWN} onValueChange={(next) => onChange(next === UNKNOWN ? '' : next)}>
      <SelectTrigger className="w-full" onBlur={onBlur} {...control}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {choices.map(([choice, label]) => (
          <SelectItem key={choice} value={choice}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Dollars and cents, with a "$" in front. */
function MoneyInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="text-muted-foreground pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm"
      >
        $
      </span>
      <Input inputMode="decimal" autoComplete="off" className={`pl-6 ${className ?? ''}`} {...props} />
    </div>
  );
}

/**
 * The input of one editable claim field, bound to the section's form. Selects report the name of what was
 * chosen through `onName`, so a version conflict can say "Eastside Collision" rather than an id.
 */
export function ClaimFieldInput({
  field: name,
  claim,
  names,
  onName,
}: {
  field: SectionField;
  claim: Claim;
  names: Readonly<Record<string, string>>;
  onName: (id: string, label: string) => void;
}) {
  const form = useFormContext<ClaimFormValues>();
  const label = FIELD_LABELS[name];

  if (name === 'towRequired' || name === 'rentalNeeded') {
    return (
      <FormField
        control={form.control}
        name={name}
        render={({ field }) => (
          <FormItem className="flex items-center gap-2 @sm:self-end @sm:pb-2">
            <FormControl>
              <Checkbox
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            </FormControl>
            <FormLabel className="font-normal">{label}</FormLabel>
          </FormItem>
        )}
      />
    );
  }

  return (
    <FieldBlock
      name={name}
      label={label}
      description={DESCRIPTIONS[name]}
      className={name === 'description' ? '@sm:col-span-2' : undefined}
    >
      {(field) => {
        const text = typeof field.value === 'string' ? field.value : '';
        const pick = (id: string, optionLabel: string | null) => {
          if (optionLabel) onName(id, optionLabel);
          field.onChange(id);
        };
        let control: ReactNode;
        if (name === 'description') {
          control = <Textarea {...field} value={text} rows={4} />;
        } else if (name === 'drivable' || name === 'priority') {
          control = (
            <ChoiceSelect
              value={text}
              onChange={field.onChange}
              onBlur={field.onBlur}
              choices={name === 'drivable' ? DRIVABLE_CHOICES : PRIORITY_CHOICES}
            />
          );
        } else if (name === 'locationId') {
          control = (
            <LocationSelect
              companyId={claim.companyId}
              current={
                claim.locationId && claim.locationName
                  ? { id: claim.locationId, label: claim.locationName }
                  : null
              }
              value={text}
              onBlur={field.onBlur}
              onChange={pick}
            />
          );
        } else if (name === 'repairFacilityId') {
          control = (
            <FacilitySelect
              workflow={claim.workflow}
              current={
                claim.repairFacilityId && claim.facilityName
                  ? { id: claim.repairFacilityId, label: claim.facilityName }
                  : null
              }
              value={text}
              onBlur={field.onBlur}
              onChange={pick}
            />
          );
        } else if (name === 'assigneeId') {
          control = (
            <AssigneePicker
              claimId={claim.id}
              value={text}
              valueName={names[text] ?? null}
              onBlur={field.onBlur}
              onChange={pick}
            />
          );
        } else if (MONEY.has(name)) {
          control = <MoneyInput {...field} value={text} />;
        } else {
          control = <Input {...TEXT_INPUTS[name]} {...field} value={text} />;
        }
        return <FormControl>{control}</FormControl>;
      }}
    </FieldBlock>
  );
}
