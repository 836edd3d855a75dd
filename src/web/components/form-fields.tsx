import type { ComponentProps, ReactNode } from 'react';
import { useFormContext, type ControllerRenderProps } from 'react-hook-form';

import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './ui/form';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { RadioGroupItem } from './ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';
import { Textarea } from './ui/textarea';
import { cn } from '../lib/utils';

type TextFieldProps = {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  /** Turns what is typed into what is kept (upper-casing a code). */
  normalize?: (value: string) => string;
  /** On the field's block (a grid cell), where `className` goes on the input. */
  itemClassName?: string;
  /** "$" inside the start of an amount's input (give the input room for it: `className="pl-6"`). */
  prefix?: string;
  /** "per hour" inside the end of the input (room for it: `className="pr-16"`). */
  suffix?: string;
  /** On the box that holds the input with its prefix or suffix (`sm:max-w-60` for a short amount). */
  boxClassName?: string;
} & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'onBlur'>;

/**
 * A text input of the surrounding form (react-hook-form's `FormProvider`), with its label, description and
 * message: the one field block every form uses instead of writing FormField › FormItem › FormControl again.
 * Optional fields hold null once the schema has cleared them; the input shows that as empty.
 */
export function TextField({
  name,
  label,
  description,
  normalize,
  itemClassName,
  prefix,
  suffix,
  boxClassName,
  ...input
}: TextFieldProps) {
  return (
    <FieldBlock name={name} label={label} description={description} className={itemClassName}>
      {(field) => {
        const control = (
          <FormControl>
            <Input
              {...input}
              {...textValue(field)}
              onChange={(event) =>
                field.onChange(normalize ? normalize(event.target.value) : event.target.value)
              }
            />
          </FormControl>
        );
        return prefix || suffix ? (
          <div className={cn('relative', boxClassName)}>
            {prefix && <InputPrefix>{prefix}</InputPrefix>}
            {control}
            {suffix && <InputPrefix end>{suffix}</InputPrefix>}
          </div>
        ) : (
          control
        );
      }}
    </FieldBlock>
  );
}

/** An email address: the phone's keyboard for addresses, no capitals and no spelling help. */
export function EmailAddressField(props: Omit<TextFieldProps, 'type' | 'autoCapitalize' | 'spellCheck'>) {
  return <TextField {...props} type="email" autoCapitalize="none" spellCheck={false} />;
}

/** A multi-line text of the surrounding form (an address, notes). */
export function TextAreaField({
  name,
  label,
  description,
  rows = 3,
  placeholder,
  itemClassName,
}: {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  rows?: number;
  placeholder?: string | undefined;
  itemClassName?: string | undefined;
}) {
  return (
    <FieldBlock name={name} label={label} description={description} className={itemClassName}>
      {(field) => (
        <FormControl>
          <Textarea rows={rows} placeholder={placeholder} {...textValue(field)} onChange={field.onChange} />
        </FormControl>
      )}
    </FieldBlock>
  );
}

/** What an input takes from its field: optional fields hold null once the schema has cleared them, shown as empty. */
function textValue(field: ControllerRenderProps) {
  return {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | null | undefined) ?? '',
    onBlur: field.onBlur,
  };
}

/**
 * A field of the surrounding form (react-hook-form's `FormProvider`) as every form lays one out: the label
 * (with what sits beside it), the control the caller draws from the field (inside a FormControl), the
 * description, then the message. TextField, TextAreaField and SelectField are its usual forms.
 */
export function FieldBlock({
  name,
  label,
  labelAside,
  description,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  labelAside?: (field: ControllerRenderProps) => ReactNode;
  description?: ReactNode;
  className?: string | undefined;
  children: (field: ControllerRenderProps) => ReactNode;
}) {
  const form = useFormContext();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          {labelAside ? (
            <div className="flex items-center justify-between gap-2">
              <FormLabel>{label}</FormLabel>
              {labelAside(field)}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          {children(field)}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** "$" inside the start of an input (or "per hour" at its `end`); the label already says what the amount is. */
export function InputPrefix({ children, end = false }: { children: string; end?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'text-muted-foreground pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm',
        end ? 'right-3' : 'left-3',
      )}
    >
      {children}
    </span>
  );
}

/** After a label: the field may be left empty. The space keeps the label's text "Estimate (optional)". */
export function Optional() {
  return <span className="text-muted-foreground font-normal"> (optional)</span>;
}

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
