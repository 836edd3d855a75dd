import type { ComponentProps } from 'react';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

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
import { cn } from '../../../lib/utils';

/** A labelled input of an accounting form, its message under it (the schema's or the server's). */
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
  const form = useFormContext<Values>();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <div className="relative">
            {prefix && <InputPrefix>{prefix}</InputPrefix>}
            <FormControl>
              {multiline ? (
                <Textarea {...field} rows={3} placeholder={input.placeholder} />
              ) : (
                <Input
                  {...field}
                  {...input}
                  autoComplete="off"
                  className={cn(prefix && 'pl-7', input.inputMode === 'decimal' && 'tabular-nums')}
                />
              )}
            </FormControl>
          </div>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** "$" inside the start of an input (which takes `pl-7`); the label already says what the amount is. */
export function InputPrefix({ children }: { children: string }) {
  return (
    <span
      aria-hidden="true"
      className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm"
    >
      {children}
    </span>
  );
}
