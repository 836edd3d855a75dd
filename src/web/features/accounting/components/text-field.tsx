import type { ComponentProps } from 'react';
import { type FieldPath, type FieldValues } from 'react-hook-form';

import { InputPrefix, TextAreaField, TextField as FormTextField } from '../../../components/form-fields';
import { cn } from '../../../lib/utils';

/** "$" inside the start of an input (which takes `pl-7`), shared with every form. */
export { InputPrefix };

/**
 * A labelled input of an accounting form, its message under it (the schema's or the server's): the shared
 * TextField (or TextAreaField, `multiline`) with the accounting forms' defaults — no autocomplete, amounts in
 * tabular figures after their prefix.
 */
export function TextField<Values extends FieldValues>({
  name,
  label,
  description,
  multiline = false,
  prefix,
  className,
  ...input
}: {
  name: FieldPath<Values>;
  label: string;
  description?: string;
  multiline?: boolean;
  /** "$" before an amount. */
  prefix?: string;
  className?: string;
} & Pick<ComponentProps<'input'>, 'inputMode' | 'placeholder' | 'type' | 'max' | 'min' | 'autoFocus'>) {
  if (multiline) {
    return (
      <TextAreaField
        name={name}
        label={label}
        description={description}
        placeholder={input.placeholder}
        itemClassName={className}
      />
    );
  }
  return (
    <FormTextField
      name={name}
      label={label}
      description={description}
      itemClassName={className}
      prefix={prefix}
      {...input}
      autoComplete="off"
      className={cn(prefix && 'pl-7', input.inputMode === 'decimal' && 'tabular-nums')}
    />
  );
}
