import { useId } from 'react';
import { Trash2Icon } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { ESTIMATE_OPERATION_LABELS, ESTIMATE_OPERATIONS } from '@shared/estimates';
import { formatCents } from '@shared/money';

import { Button } from '../../../components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import type { EstimateFormValues } from './estimate-form';

type LineField = 'description' | 'partNumber' | 'quantity' | 'unitPriceCents' | 'laborHours';

function LineInput({
  index,
  field: name,
  label,
  className,
  prefix,
  ...input
}: {
  index: number;
  field: LineField;
  label: string;
  className?: string;
  prefix?: string;
  inputMode?: 'decimal' | 'text';
  placeholder?: string;
}) {
  const form = useFormContext<EstimateFormValues>();
  return (
    <FormField
      control={form.control}
      name={`lines.${index}.${name}`}
      render={({ field }) => (
        <FormItem className={cn('gap-1.5', className)}>
          <FormLabel className="text-xs">{label}</FormLabel>
          <div className="relative">
            {prefix && (
              <span
                aria-hidden="true"
                className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm"
              >
                {prefix}
              </span>
            )}
            <FormControl>
              <Input
                {...field}
                {...input}
                autoComplete="off"
                className={cn(prefix && 'pl-7', input.inputMode === 'decimal' && 'tabular-nums')}
              />
            </FormControl>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** One line of an estimate: what it is for, what it is, and its price and hours, with its amount. */
export function EstimateLineFields({
  index,
  amountCents,
  canRemove,
  onRemove,
}: {
  index: number;
  amountCents: number;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const form = useFormContext<EstimateFormValues>();
  const number = index + 1;
  const headingId = useId();
  return (
    // Named by its heading: a <legend> cannot sit in the flex row beside the line's amount and actions.
    <fieldset aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-3">
        <span id={headingId} className="text-sm font-medium">
          Line {number}
        </span>
        <div className="flex items-center gap-2">
          <span className="text-sm tabular-nums" aria-label={`Line ${number} amount`}>
            {formatCents(amountCents)}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onRemove}
            disabled={!canRemove}
            aria-label={`Remove line ${number}`}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-12 items-start gap-3">
        <FormField
          control={form.control}
          name={`lines.${index}.operation`}
          render={({ field }) => (
            <FormItem className="col-span-12 gap-1.5 sm:col-span-3">
              <FormLabel className="text-xs">Operation</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full" onBlur={field.onBlur}>
                    <SelectValue placeholder="Choose" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {ESTIMATE_OPERATIONS.map((operation) => (
                    <SelectItem key={operation} value={operation}>
                      {ESTIMATE_OPERATION_LABELS[operation]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <LineInput
          index={index}
          field="description"
          label="Description"
          className="col-span-12 sm:col-span-6"
        />
        <LineInput
          index={index}
          field="partNumber"
          label="Part number"
          className="col-span-12 sm:col-span-3"
          placeholder="Optional"
        />
        <LineInput
          index={index}
          field="quantity"
          label="Quantity"
          inputMode="decimal"
          className="col-span-4 sm:col-span-3"
        />
        <LineInput
          index={index}
          field="unitPriceCents"
          label="Unit price"
          prefix="$"
          inputMode="decimal"
          placeholder="0.00"
          className="col-span-4 sm:col-span-3"
        />
        <LineInput
          index={index}
          field="laborHours"
          label="Labour hours"
          inputMode="decimal"
          placeholder="0"
          className="col-span-4 sm:col-span-3"
        />
      </div>
    </fieldset>
  );
}
