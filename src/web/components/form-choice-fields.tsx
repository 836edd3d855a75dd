// The choice fields of a form (a select, radio cards), apart from the text fields of form-fields.tsx: the login
// form draws with those alone and must not download Radix's Select (e2e/page-weight.spec.ts holds its budget).
import type { ReactNode } from 'react';

import { FieldBlock } from './form-fields';
import { FormControl } from './ui/form';
import { Label } from './ui/label';
import { RadioGroupItem } from './ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

const NONE = 'none';

/**
 * A choice of the surrounding form: its options as `options` (records with an id and a name) and any others as
 * children. With `none`, the field may hold '' and shows it as that choice ("No location", "Unassigned");
 * without it, the select shows `placeholder` until something is chosen.
 */
export function SelectField({
  name,
  label,
  labelAside,
  description,
  placeholder,
  none,
  options = [],
  disabled,
  onValueChange,
  itemClassName,
  children,
}: {
  name: string;
  label: ReactNode;
  /** Beside the label (an "Assign to me" link), given the value and how to change it. */
  labelAside?: (value: string, onChange: (value: string) => void) => ReactNode;
  description?: ReactNode;
  placeholder?: string;
  none?: ReactNode;
  options?: readonly { id: string; name: string }[];
  disabled?: boolean;
  /** After the value changes: clears what depended on it. */
  onValueChange?: (value: string) => void;
  itemClassName?: string;
  children?: ReactNode;
}) {
  return (
    <FieldBlock
      name={name}
      label={label}
      labelAside={labelAside && ((field) => labelAside(field.value as string, field.onChange))}
      description={description}
      className={itemClassName}
    >
      {(field) => (
        <Select
          value={(field.value as string | null | undefined) || (none === undefined ? undefined : NONE)}
          onValueChange={(chosen) => {
            const next = none !== undefined && chosen === NONE ? '' : chosen;
            field.onChange(next);
            onValueChange?.(next);
          }}
          disabled={disabled}
        >
          <FormControl>
            <SelectTrigger className="w-full" onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </FormControl>
          <SelectContent>
            {none !== undefined && <SelectItem value={NONE}>{none}</SelectItem>}
            {children}
            {options.map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {option.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FieldBlock>
  );
}

/** One choice of a RadioGroup drawn as a bordered card: its title and a line on what it means. */
export function RadioCardOption({
  value,
  title,
  description,
}: {
  value: string;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <Label className="hover:bg-accent/60 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-accent/40 items-start gap-3 rounded-md border p-3 font-normal">
      <RadioGroupItem value={value} className="mt-0.5" />
      <span className="grid gap-1">
        <span className="font-medium">{title}</span>
        <span className="text-muted-foreground leading-snug">{description}</span>
      </span>
    </Label>
  );
}
