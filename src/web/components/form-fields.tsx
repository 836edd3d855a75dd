import type { ComponentProps, ReactNode } from 'react';
import { useFormContext, type ControllerRenderProps } from 'react-hook-form';

import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './ui/form';
import { Input } from './ui/input';
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
