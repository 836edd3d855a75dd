import type { ComponentProps, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';

import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';

type TextFieldProps = {
  name: string;
  label: string;
  description?: ReactNode;
  /** Turns what is typed into what is kept (upper-casing a code). */
  normalize?: (value: string) => string;
} & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'onBlur'>;

/**
 * A text input of the surrounding form, with its label, description and message. Optional fields hold
 * null once the schema has cleared them; the input shows that as empty.
 */
export function TextField({ name, label, description, normalize, ...input }: TextFieldProps) {
  const form = useFormContext();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...input}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={(event) =>
                field.onChange(normalize ? normalize(event.target.value) : event.target.value)
              }
              onBlur={field.onBlur}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A multi-line text of the surrounding form (an address, notes). */
export function TextAreaField({
  name,
  label,
  description,
  rows = 3,
}: {
  name: string;
  label: string;
  description?: ReactNode;
  rows?: number;
}) {
  const form = useFormContext();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea
              rows={rows}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The short unique code of a company or location; kept upper-case, as codes are read. */
export function CodeField({ description }: { description: ReactNode }) {
  return (
    <TextField
      name="code"
      label="Code"
      description={description}
      normalize={(value) => value.toUpperCase()}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      className="font-mono"
    />
  );
}
